import { Injectable } from "./di.js";

export interface Logger {
  info(message: string): void;
  error(message: string, cause?: unknown): void;
}

@Injectable()
export class ConsoleLogger implements Logger {
  info(message: string): void {
    console.log(formatLine("info", message));
  }

  error(message: string, cause?: unknown): void {
    console.error(formatLine("error", message), cause);
  }
}

@Injectable()
export class SilentLogger implements Logger {
  readonly lines: string[] = [];

  info(message: string): void {
    this.lines.push(formatLine("info", message));
  }

  error(message: string): void {
    this.lines.push(formatLine("error", message));
  }
}

export function formatLine(level: string, message: string): string {
  return `[${level}] ${message}`;
}
