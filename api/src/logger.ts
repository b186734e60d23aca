import { writeSync } from "node:fs";

/** Structured logging: one JSON object per line on stdout (errors on stderr). */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** A process of a supervised group names itself in every line: their output is interleaved. */
const processField = process.env.CLUSTER_PROCESS ? { process: process.env.CLUSTER_PROCESS } : {};

// Info and warning lines of one turn of the event loop go out in one write: a line per request was a system call per
// request (api/bench/load.ts). Errors are written at once, and what is held is written before the process exits.
let held = "";
let flushQueued = false;

function flush() {
  flushQueued = false;
  if (held === "") return;
  const text = held;
  held = "";
  process.stdout.write(text);
}

// At exit nothing asynchronous runs any more: what is still held is written directly.
process.on("exit", () => {
  if (held === "") return;
  try {
    writeSync(1, held);
  } catch {
    // stdout closed or full at exit: nothing left to tell it
  }
  held = "";
});

function write(level: string, msg: string, fields?: LogFields) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, ...processField, msg, ...fields });
  if (level === "error") {
    flush(); // keeps the order of the lines
    process.stderr.write(`${line}\n`);
    return;
  }
  held += `${line}\n`;
  if (held.length > 64 * 1024) flush();
  else if (!flushQueued) {
    flushQueued = true;
    setImmediate(flush);
  }
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
