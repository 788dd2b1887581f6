/** Default-exported named class. */
export default class Logger {
  private readonly lines: string[] = [];

  info(message: string): void {
    this.lines.push(`[info] ${message}`);
  }

  dump(): string {
    return this.lines.join('\n');
  }
}
