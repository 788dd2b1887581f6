// expect: IMPLEMENTS src/interface-dispatch/shapes.ts:Circle -> src/interface-dispatch/shapes.ts:Shape
// expect: IMPLEMENTS src/interface-dispatch/shapes.ts:Square -> src/interface-dispatch/shapes.ts:Shape

export interface Shape {
  area(): number;
  label(): string;
}

export class Circle implements Shape {
  constructor(private readonly radius: number) {}

  area(): number {
    return Math.PI * this.radius * this.radius;
  }

  label(): string {
    return `circle(r=${this.radius})`;
  }
}

export class Square implements Shape {
  constructor(private readonly side: number) {}

  area(): number {
    return this.side * this.side;
  }

  label(): string {
    return `square(${this.side})`;
  }
}
