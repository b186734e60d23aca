// A worker thread for the children tests: starts `count` tools through the production spawnTool, as the audio steps
// start ffmpeg and pocketsphinx, and answers their process ids once they run; then idles.
import { spawnTool } from "@cm/ai/audio";
import { untilExecuted } from "./tool-children.test-exec";

globalThis.onmessage = async (event: MessageEvent<number>) => {
  const pids = Array.from({ length: event.data }, () => spawnTool(["sleep", "3600"]).pid);
  await untilExecuted(pids, "sleep");
  postMessage(pids);
};
