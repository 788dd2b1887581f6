/**
 * zod, as ts-graph's modules import it. The build replaces this module's output, dist/vendor/zod.js, with zod
 * bundled into one module (`npm run build:vendor`, esbuild): zod's entry imports about 95 modules, its 63 locales
 * included, and on Node 20 (no compile cache) loading them one by one costs a CLI process 50 to 60 ms more than
 * loading one file of the same code (docs/performance.md, A query's start). A build without that step still works:
 * this module then re-exports the package. Tests run the sources, so they import the package itself.
 */
export { z } from "zod";
