// What a met quota says. No word here may be one the upload page maps to another toast ("too large", "date",
// "database", "unsupported"): these sentences are shown as they are.
import type { AccountUsage } from "@cm/db/queries/upload-quotas";

export function storageQuotaMessage(usage: AccountUsage["storage"], bytes: number): string {
  return (
    `Storage limit reached: your account may keep ${formatBytes(usage.limit ?? 0)} of recordings and transcripts, ` +
    `${formatBytes(usage.left ?? 0)} is left and this file is ${formatBytes(bytes)}. ` +
    "Delete meetings you no longer need to make room."
  );
}

export function queueQuotaMessage(usage: AccountUsage["queue"]): string {
  const limit = usage.limit ?? 0;
  return (
    `Processing queue full: your account may have ${limit} ${limit === 1 ? "meeting" : "meetings"} waiting or in ` +
    "processing at once. Upload this one when one of them is done."
  );
}

export function dailyQuotaMessage(usage: AccountUsage["processing"], needed: number, fitsAt: Date | null): string {
  const head =
    `Daily processing limit reached: your account may process ${formatDuration(usage.limit ?? 0)} of audio a day, ` +
    `${formatDuration(usage.left ?? 0)} is left and this recording is ${formatDuration(needed)} long.`;
  if (fitsAt === null) return `${head} It is longer than a whole day's allowance: split it into shorter recordings.`;
  return `${head} Enough frees up at ${formatInstant(fitsAt)} UTC.`;
}

/** "2026-11-24 14:05" */
export const formatInstant = (at: Date) => at.toISOString().slice(0, 16).replace("T", " ");

/** "2 h 5 min", "7 min", "40 s": hours and minutes are what a person plans with. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return hours === 0 ? `${minutes} min` : `${hours} h ${minutes} min`;
}

/** "20 GB", "1.5 GB", "451 MB", "12 KB": binary units, as the 500MB upload limit counts them. */
export function formatBytes(bytes: number): string {
  const units: [string, number][] = [
    ["GB", 1024 ** 3],
    ["MB", 1024 ** 2],
    ["KB", 1024],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) return `${(bytes / size).toFixed(bytes >= 10 * size ? 0 : 1).replace(/\.0$/, "")} ${unit}`;
  }
  return `${Math.round(bytes)} bytes`;
}
