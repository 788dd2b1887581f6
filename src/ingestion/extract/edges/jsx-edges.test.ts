import { afterAll, describe, expect, it } from "vitest";
import { indexAndSnapshot, removeTempDirs, snapshotEdges } from "../../../test-support/fixtures.js";
import { editProjectFile, expectIncrementalEqualsFull, writeProject } from "../../../test-support/incremental.js";
import { openIndexedContext, runTool } from "../../../test-support/tool-harness.js";
import { callersTool } from "../../../tools/calls/handler.js";

afterAll(removeTempDirs);

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    types: [],
    jsx: "preserve",
  },
  include: ["src"],
};

/** Minimal JSX declarations, and wrappers typed as React's are (an intersection, `Omit`): the project needs no package. */
const JSX_TYPES =
  "declare namespace JSX { interface Element {} interface IntrinsicElements { [name: string]: any } }\n";
const REACT = `export type FC<P> = (props: P) => JSX.Element;
export interface RefAttributes<T> { ref?: T }
export type PropsWithoutRef<P> = P extends any ? ("ref" extends keyof P ? Omit<P, "ref"> : P) : P;
export type ComponentProps<T> = T extends (props: infer P) => any ? P : never;
export interface NamedExoticComponent<P> { (props: P): JSX.Element; displayName?: string }
export type MemoExoticComponent<T> = NamedExoticComponent<ComponentProps<T>> & { readonly type: T };
export interface ForwardRefExoticComponent<P> extends NamedExoticComponent<P> {}
export declare function memo<T extends FC<any>>(component: T, equal?: (a: ComponentProps<T>, b: ComponentProps<T>) => boolean): MemoExoticComponent<T>;
export declare function forwardRef<R, P = {}>(render: (props: P, ref: R) => JSX.Element): ForwardRefExoticComponent<PropsWithoutRef<P> & RefAttributes<R>>;
export declare function connect<S>(select: (state: S) => object): <P>(component: FC<P>) => FC<P>;
`;

const CHART = `import { connect, forwardRef, memo } from "./react";
export interface ChartProps { scale: number; label?: string; ref?: string }
export interface PieProps { kind: "pie"; slices: number }
export interface BarProps { kind: "bar"; bars: number }
export function Chart(props: ChartProps): JSX.Element { return <b>{props.scale}</b>; }
export function Pie(props: PieProps | BarProps): JSX.Element { return <i>{props.kind}</i>; }
function LayerImpl(props: ChartProps): JSX.Element { return <i>{props.scale}</i>; }
function sameScale(a: ChartProps, b: ChartProps): boolean { return a.scale === b.scale; }
export const Layer = memo(LayerImpl, sameScale);
function FancyRender(props: ChartProps, ref: unknown): JSX.Element { return <i>{props.scale}</i>; }
export const Fancy = memo(forwardRef(FancyRender));
function selectNothing(state: number): object { return {}; }
function Connected(props: ChartProps): JSX.Element { return <i>{props.scale}</i>; }
export const Linked = connect(selectNothing)(Connected);
export const Inline = forwardRef((props: ChartProps, ref: unknown) => <i>{props.label}</i>);
function Legend(props: ChartProps): JSX.Element { return <i>{props.label}</i>; }
export default memo(Legend);
`;

const APP = `import Legend, { Chart, Fancy, Inline, Layer, Linked, Pie } from "./chart";
export function App(): JSX.Element {
  return (
    <div className="app">
      <Chart scale={2} label="x" />
      <Pie kind="pie" slices={3} />
      <Layer scale={1} />
      <Fancy scale={1} />
      <Linked scale={1} />
      <Inline scale={1} />
      <Legend scale={1} />
    </div>
  );
}
`;

function project(): string {
  return writeProject(
    { "src/jsx.d.ts": JSX_TYPES, "src/react.ts": REACT, "src/chart.tsx": CHART, "src/app.tsx": APP },
    TSCONFIG,
  );
}

function edgesOf(snapshot: string, kind: string, source: string): string[] {
  return snapshotEdges(snapshot)
    .filter((edge) => edge.edge === kind && edge.source === source)
    .map((edge) => `${edge.target} ${JSON.stringify(edge.lines)}`);
}

describe("JSX edges", () => {
  it("makes an attribute a read of the props member it sets, through React-shaped wrappers and of each union member that has it", async () => {
    const { snapshot } = await indexAndSnapshot(project());
    expect(edgesOf(snapshot, "READS", "src/app.tsx:App")).toEqual([
      "src/chart.tsx:BarProps.kind [6]",
      "src/chart.tsx:ChartProps.label [5]",
      "src/chart.tsx:ChartProps.scale [5,7,8,9,10,11]",
      "src/chart.tsx:PieProps.kind [6]",
      "src/chart.tsx:PieProps.slices [6]",
    ]);
  });

  it("renders the component a memo, forwardRef or higher-order wrapper wraps, not the wrapper's other arguments", async () => {
    const { snapshot } = await indexAndSnapshot(project());
    expect(edgesOf(snapshot, "RENDERS", "src/app.tsx:App")).toEqual([
      "src/chart.tsx:Chart [5]",
      "src/chart.tsx:Connected [9]",
      "src/chart.tsx:Fancy [8]",
      "src/chart.tsx:FancyRender [8]",
      "src/chart.tsx:Inline [10]",
      "src/chart.tsx:Layer [7]",
      "src/chart.tsx:LayerImpl [7]",
      "src/chart.tsx:Legend [11]",
      "src/chart.tsx:Linked [9]",
      "src/chart.tsx:Pie [6]",
    ]);
  });

  it("lists the render sites of a wrapped component among its callers, and follows a change of what is wrapped", async () => {
    const root = project();
    await indexAndSnapshot(root);
    const context = await openIndexedContext(root);
    try {
      const callers = await runTool(callersTool, { symbol: "LayerImpl" }, context);
      expect(callers.text).toContain("App 2-14  renders @7");
    } finally {
      context.close();
    }
    editProjectFile(root, "src/chart.tsx", (text) =>
      text.replace("export default memo(Legend);", "export default memo(Connected);"),
    );
    const { snapshot } = await expectIncrementalEqualsFull(root);
    expect(edgesOf(snapshot, "RENDERS", "src/app.tsx:App")).toContain("src/chart.tsx:Connected [9,11]");
  });
});
