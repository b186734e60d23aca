// `bun run start` and the container image. With a server database (DATABASE_URL), a supervised group of app and job
// worker processes (./cluster/run-process-group.ts); with the embedded database, the one app process of ./main.ts,
// as today: its data folder is for one process only.
if (process.env.DATABASE_URL) {
  const { runProcessGroup } = await import("./cluster/run-process-group");
  await runProcessGroup();
} else {
  await import("./main");
}

export {};
