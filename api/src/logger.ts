/** Structured logging: one JSON object per line on stdout (errors on stderr). */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** A process of a supervised group names itself in every line: their output is interleaved. */
const processField = process.env.CLUSTER_PROCESS ? { process: process.env.CLUSTER_PROCESS } : {};

function write(level: string, msg: string, fields?: LogFields) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, ...processField, msg, ...fields });
  if (level === "error") process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const consoleLogger: Logger = {
  info: (msg, fields) => write("info", msg, fields),
  warn: (msg, fields) => write("warn", msg, fields),
  error: (msg, fields) => write("error", msg, fields),
};

/** Collects lines in memory; tests read them. */
export function createMemoryLogger(): Logger & { lines: (LogFields & { level: string; msg: string })[] } {
  const lines: (LogFields & { level: string; msg: string })[] = [];
  const push = (level: string) => (msg: string, fields?: LogFields) => lines.push({ level, msg, ...fields });
  return { lines, info: push("info"), warn: push("warn"), error: push("error") };
}
