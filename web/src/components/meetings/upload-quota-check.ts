// Says, before a file is sent, that a quota of the account will refuse it (GET /api/usage): the storage left, the
// queue, and a daily allowance already spent. The server checks again; this only spares sending 500 MB for nothing.
import type { AccountUsage } from "@cm/api/models";
import { format } from "date-fns";

export function quotaProblem(
  usage: AccountUsage | undefined,
  file: { size: number },
  kind: "audio" | "transcript",
): string | undefined {
  // Not loaded yet, or not an answer of GET /api/usage: the server will say it.
  if (!usage?.storage || !usage.queue || !usage.processing) return undefined;
  const { storage, queue, processing } = usage;
  if (storage.left !== null && file.size > storage.left) {
    return (
      `Storage limit reached: your account may keep ${formatBytes(storage.limit ?? 0)} of recordings and ` +
      `transcripts, ${formatBytes(storage.left)} is left and this file is ${formatBytes(file.size)}. ` +
      "Delete meetings you no longer need to make room."
    );
  }
  if (queue.left !== null && queue.left < 1) {
    const limit = queue.limit ?? 0;
    return (
      `Processing queue full: your account may have ${limit} ${limit === 1 ? "meeting" : "meetings"} waiting or in ` +
      "processing at once. Upload this one when one of them is done."
    );
  }
  if (kind === "audio" && processing.left !== null && processing.left < 1) {
    const when = processing.freesAt
      ? ` More frees up on ${format(new Date(processing.freesAt), "MMMM d 'at' HH:mm")}.`
      : "";
    return `Daily processing limit reached: your account may process ${formatHours(processing.limit ?? 0)} of audio a day and none is left.${when}`;
  }
  return undefined;
}

/** "20 GB", "1.5 GB", "451 MB": binary units, as the server says them. */
function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ["GB", 1024 ** 3],
    ["MB", 1024 ** 2],
    ["KB", 1024],
  ] as const) {
    if (bytes >= size) return `${(bytes / size).toFixed(bytes >= 10 * size ? 0 : 1).replace(/\.0$/, "")} ${unit}`;
  }
  return `${Math.round(bytes)} bytes`;
}

/** "16 h", "2 h 30 min", "45 min". */
function formatHours(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}
