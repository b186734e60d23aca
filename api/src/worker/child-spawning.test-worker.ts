// A worker thread for the child-process tests: starts long-running children as the audio steps start ffmpeg (from
// this thread), reports their ids as the production thread does, then blocks in synchronous code for good.
globalThis.onmessage = (event: MessageEvent<{ children: number }>) => {
  const pids = Array.from({ length: event.data.children }, () => Bun.spawn(["sleep", "3600"]).pid);
  postMessage({ type: "alive", childPids: pids });
  // Stuck: nothing on this thread runs again, so only its termination ends it.
  for (;;) {}
};

export {};
