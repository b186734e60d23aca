// A process for the children tests: as the job worker does, it starts tools (here `sleep`) through the production
// spawnTool, from a worker thread and from its main thread, prints their ids as one JSON line, then idles until killed.
import { spawnTool } from "@cm/ai/audio";
import { untilExecuted } from "./tool-children.test-exec";

const THREAD = new URL("./tool-children.test-worker.ts", import.meta.url).href;

const worker = new Worker(THREAD);
const threadPids = await new Promise<number[]>((resolve) => {
  worker.onmessage = (event: MessageEvent<number[]>) => resolve(event.data);
  worker.postMessage(2);
});
const mainPids = [spawnTool(["sleep", "3600"]).pid];
await untilExecuted(mainPids, "sleep");
console.log(JSON.stringify({ threadPids, mainPids }));
setInterval(() => {}, 60_000);
