/**
 * The second thread of `map-versions.ts`: maps its share of the file versions, posts the names on the port it
 * was given, then raises the shared flag the waiting thread blocks on (that thread cannot run an event loop
 * meanwhile, so the reply is taken with receiveMessageOnPort).
 */
import { type MessagePort, workerData } from "node:worker_threads";
import { type MapReply, type VersionToMap, mapVersionsInOrder } from "./map-versions.js";

const { toplevel, versions, port, signal } = workerData as {
  toplevel: string;
  versions: VersionToMap[];
  port: MessagePort;
  signal: Int32Array;
};
let reply: MapReply;
try {
  reply = { ok: true, names: mapVersionsInOrder(toplevel, versions, signal) };
} catch (error) {
  reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
}
port.postMessage(reply);
port.close();
Atomics.store(signal, 0, 1);
Atomics.notify(signal, 0);
