// Minimal JSX declarations so that .tsx files type-check without any
// dependency (no react, no @types). Global script: no imports/exports.
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
