/** A usage or configuration error (exit 2): a bad option, a root that is no folder, an invalid ts-graph.config.json. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}
