// expect: IMPORTS src/top-level/main.ts -> src/top-level/config.ts
// expect: CALLS src/top-level/main.ts -> src/top-level/config.ts:applyDefaults
// expect: CALLS src/top-level/main.ts -> src/top-level/config.ts:startServer
// expect: CALLS src/top-level/main.ts -> src/top-level/config.ts:loadConfig
// expect: CALLS src/top-level/main.ts -> src/top-level/config.ts:isProduction
// expect: CALLS src/top-level/main.ts -> src/top-level/config.ts:enableTelemetry
import { applyDefaults, enableTelemetry, isProduction, loadConfig, startServer } from './config';

applyDefaults();
console.log(startServer(loadConfig()));

if (isProduction()) {
  enableTelemetry();
}

export {};
