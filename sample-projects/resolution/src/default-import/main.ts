// expect: IMPORTS src/default-import/main.ts -> src/default-import/greet.ts
// expect: IMPORTS src/default-import/main.ts -> src/default-import/logger.ts
// expect: CALLS src/default-import/main.ts:welcome -> src/default-import/greet.ts:greet
// expect: INSTANTIATES src/default-import/main.ts:welcome -> src/default-import/logger.ts:Logger
// expect: CALLS src/default-import/main.ts:welcome -> src/default-import/logger.ts:Logger.info
// expect: CALLS src/default-import/main.ts:welcome -> src/default-import/logger.ts:Logger.dump
import sayHello from './greet';
import Logger from './logger';

export function welcome(names: string[]): string {
  const logger = new Logger();
  for (const name of names) {
    logger.info(sayHello(name));
  }
  return logger.dump();
}
