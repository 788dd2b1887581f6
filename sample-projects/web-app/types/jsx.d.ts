// Minimal JSX typings: the sample app has no UI framework dependency.
declare namespace JSX {
  interface Element {}
  interface ElementClass {
    render(): unknown;
  }
  interface ElementAttributesProperty {
    props: {};
  }
  interface ElementChildrenAttribute {
    children: {};
  }
  interface IntrinsicElements {
    [name: string]: any;
  }
}
