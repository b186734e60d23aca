// A worker thread for the children tests: starts `count` tools through the production spawnTool, as the audio steps
// start ffmpeg and pocketsphinx, and answers their process ids; then idles.
import { spawnTool } from "@cm/ai/audio";

globalThis.onmessage = (event: MessageEvent<number>) => {
  postMessage(Array.from({ length: event.data }, () => spawnTool(["sleep", "3600"]).pid));
};
