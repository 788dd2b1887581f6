import fs from "node:fs";
import path from "node:path";

/**
 * A small decorator-and-DI project (experimentalDecorators): a class `Logger` named as a value far more often
 * than it is constructed (in `providers`, as `provide:`, after `instanceof`, in an `@Inject(() => Logger)`
 * thunk), a decorator factory applied to a class (`@Module({…})`) and to a constructor parameter, a function
 * passed as a callback (`values.map(fmt)`) and a caller stored in an array (`commands = [main]`).
 */
const FILES: Record<string, string> = {
  "tokens.ts": [
    "export class Logger {",
    "  log(message: string): void {",
    "    console.log(message);",
    "  }",
    "}",
    "",
    "export class ConsoleLogger extends Logger {}",
    "",
    "export function Inject(token: () => unknown): ParameterDecorator {",
    "  return () => token;",
    "}",
    "",
    "export function Module(config: { providers: unknown[] }): ClassDecorator {",
    "  return () => config;",
    "}",
    "",
  ].join("\n"),
  "app.ts": [
    'import { ConsoleLogger, Inject, Logger, Module } from "./tokens.js";',
    "",
    "export function fmt(value: number): string {",
    "  return value.toFixed(2);",
    "}",
    "",
    "export class Service {",
    "  constructor(@Inject(() => Logger) private readonly logger: Logger) {}",
    "",
    "  report(values: number[]): string[] {",
    '    this.logger.log("report");',
    "    return values.map(fmt);",
    "  }",
    "}",
    "",
    "@Module({ providers: [Logger, { provide: Logger, useClass: ConsoleLogger }] })",
    "export class AppModule {}",
    "",
    "export function isLogger(value: unknown): boolean {",
    "  return value instanceof Logger;",
    "}",
    "",
    "export function main(): string {",
    "  const logger = new Logger();",
    "  logger.log(fmt(1));",
    "  return new Service(logger).report([1]).join();",
    "}",
    "",
    "export const commands = [main];",
    "",
  ].join("\n"),
};

/** Writes the project (tsconfig.json and src/) into `root`. */
export function writeDiSample(root: string): void {
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        experimentalDecorators: true,
      },
      include: ["src"],
    }),
  );
  fs.mkdirSync(path.join(root, "src"));
  for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(root, "src", name), text);
}
