import Database from "better-sqlite3";
import { ingestHistory } from "../src/history/ingest-history.js";
import { isTypeScriptSource } from "../src/history/refresh-history.js";
const [repo, out] = process.argv.slice(2);
const db = new Database(out!);
const t = performance.now();
const r = ingestHistory(db, repo!, { symbols: true, isSource: isTypeScriptSource });
console.log(JSON.stringify(r), performance.now() - t);
