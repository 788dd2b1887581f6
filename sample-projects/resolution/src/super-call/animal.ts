export class Animal {
  protected readonly name: string;

  constructor(name: string) {
    this.name = name.trim();
  }

  describe(): string {
    return `an animal called ${this.name}`;
  }

  move(distance: number): string {
    return `${this.name} moved ${distance}m`;
  }
}
