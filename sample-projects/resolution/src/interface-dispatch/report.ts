// expect: IMPORTS src/interface-dispatch/report.ts -> src/interface-dispatch/shapes.ts
// expect: CALLS src/interface-dispatch/report.ts:totalArea -> src/interface-dispatch/shapes.ts:Shape.area
// expect: CALLS src/interface-dispatch/report.ts:describe -> src/interface-dispatch/shapes.ts:Shape.label
// expect: CALLS src/interface-dispatch/report.ts:describe -> src/interface-dispatch/shapes.ts:Shape.area
// expect: INSTANTIATES src/interface-dispatch/report.ts:unitCircleArea -> src/interface-dispatch/shapes.ts:Circle
// expect: CALLS src/interface-dispatch/report.ts:unitCircleArea -> src/interface-dispatch/shapes.ts:Circle.area
// expect-not: CALLS src/interface-dispatch/report.ts:unitCircleArea -> src/interface-dispatch/shapes.ts:Square.area
import { Circle, type Shape } from './shapes';

export function totalArea(shapes: readonly Shape[]): number {
  let sum = 0;
  for (const shape of shapes) {
    sum += shape.area();
  }
  return sum;
}

export function describe(shape: Shape): string {
  return `${shape.label()} has area ${shape.area().toFixed(2)}`;
}

export function unitCircleArea(): number {
  return new Circle(1).area();
}
