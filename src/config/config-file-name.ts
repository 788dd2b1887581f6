/** The optional config file at a root. */
export const CONFIG_FILE_NAME = "ts-graph.config.json";
