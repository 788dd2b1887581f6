export interface ServerConfig {
  port: number;
  host: string;
}

const settings: Partial<ServerConfig> = {};

export function applyDefaults(): void {
  settings.port ??= 8080;
  settings.host ??= 'localhost';
}

export function loadConfig(): ServerConfig {
  return { port: settings.port ?? 0, host: settings.host ?? '' };
}

export function startServer(config: ServerConfig): string {
  return `listening on ${config.host}:${config.port}`;
}

export function isProduction(): boolean {
  return settings.host !== 'localhost';
}

export function enableTelemetry(): void {
  settings.host = settings.host?.trim();
}
