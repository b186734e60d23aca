// `bun run dev`: the server in watch mode; every restart rebuilds the client bundle and CSS.
const proc = Bun.spawn(["bun", "--watch", "api/src/main.ts"], {
  stdio: ["inherit", "inherit", "inherit"],
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => proc.kill(signal));
process.exit(await proc.exited);

export {};
