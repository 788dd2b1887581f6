// expect: INSTANTIATES src/accessor/temperature.ts:readSensor -> src/accessor/temperature.ts:Temperature
// expect: CALLS src/accessor/temperature.ts:readSensor -> src/accessor/temperature.ts:Temperature.reset
// expect: CALLS src/accessor/temperature.ts:readSensor -> src/accessor/temperature.ts:Temperature.celsius#set
// expect-not: CALLS src/accessor/temperature.ts:readSensor -> src/accessor/temperature.ts:Temperature.celsius
// expect: CALLS src/accessor/temperature.ts:readSensor -> src/accessor/temperature.ts:Temperature.fahrenheit
// expect: CALLS src/accessor/temperature.ts:Temperature.fahrenheit -> src/accessor/temperature.ts:Temperature.celsius
// expect: CALLS src/accessor/temperature.ts:Temperature.adjust -> src/accessor/temperature.ts:Temperature.celsius
// expect: CALLS src/accessor/temperature.ts:Temperature.adjust -> src/accessor/temperature.ts:Temperature.celsius#set
// expect-not: REFERENCES src/accessor/temperature.ts:readSensor -> src/accessor/temperature.ts:Temperature.fahrenheit

export class Temperature {
  private kelvin = 273.15;

  get celsius(): number {
    return this.kelvin - 273.15;
  }

  set celsius(value: number) {
    this.kelvin = Math.max(0, value + 273.15);
  }

  get fahrenheit(): number {
    return this.celsius * 1.8 + 32;
  }

  /** A compound assignment reads and writes: it calls the getter and the setter. */
  adjust(delta: number): void {
    this.celsius += delta;
  }

  reset(): void {
    this.kelvin = 273.15;
  }
}

export function readSensor(raw: number): number {
  const temperature = new Temperature();
  temperature.reset();
  temperature.celsius = raw;
  return temperature.fahrenheit;
}
