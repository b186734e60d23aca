// What a met account limit says (issue 37). As in ./quota-messages.ts, no word here may be one the web maps to
// another toast ("too large", "date", "database", "unsupported"): these sentences are shown as they are.
import { formatBytes, formatDuration, formatInstant } from "./quota-messages";

/** Counts an account keeps: each refusal names the limit and how to make room. */
export type CountName = "meetings" | "clients" | "actionItems" | "contacts";

const number = (value: number) => value.toLocaleString("en-US");
/** "1 client", "5,000 clients": a limit set to one reads as a sentence too. */
const counted = (value: number, one: string, many: string) => `${number(value)} ${value === 1 ? one : many}`;

export function countLimitMessage(name: CountName, limit: number): string {
  switch (name) {
    case "meetings":
      return (
        `Meeting limit reached: your account may have ${counted(limit, "meeting", "meetings")}, planned ones included. ` +
        "Delete meetings you no longer need to add more."
      );
    case "clients":
      return (
        `Client limit reached: your account may have ${counted(limit, "client", "clients")}. ` +
        "Delete clients you no longer need to add more."
      );
    case "actionItems":
      return `Task limit reached: a meeting or client may have ${counted(limit, "action item", "action items")}, and this one has them all.`;
    case "contacts":
      return (
        `Contact limit reached: a client may have ${counted(limit, "contact address", "contact addresses")}. ` +
        "Remove one you no longer need before adding another."
      );
  }
}

export function noteLengthMessage(limit: number, length: number): string {
  return (
    `Note too long: a note may have ${number(limit)} characters and this one has ${number(length)}. ` +
    "Shorten it, or keep the rest in a note on another meeting."
  );
}

export function dataStorageMessage(limit: number, left: number, needed: number): string {
  return (
    `Storage limit reached: your account may keep ${formatBytes(limit)} of recordings, transcripts, notes and ` +
    `other data, ${formatBytes(left)} is left and this change needs ${formatBytes(needed)}. ` +
    "Delete meetings you no longer need to make room."
  );
}

export function creationRateMessage(limit: number, waitSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(waitSeconds));
  return (
    `Too many new items in a short time: your account may create ${number(limit)} meetings, notes, clients, ` +
    `tasks and contact addresses a minute. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`
  );
}

/** The daily allowance met by text work (a transcript file): what it counts as, in the allowance's own unit. */
export function dailyTextMessage(
  usage: { limit: number | null; left: number | null },
  neededSeconds: number,
  fitsAt: Date | null,
): string {
  const head =
    `Daily processing limit reached: your account may process ${formatDuration(usage.limit ?? 0)} of audio a day, ` +
    `${formatDuration(usage.left ?? 0)} is left and this transcript counts as ${formatDuration(neededSeconds)} ` +
    "(1 second for every 1,000 characters).";
  if (fitsAt === null) return `${head} Split it into smaller files.`;
  return `${head} Enough frees up at ${formatInstant(fitsAt)} UTC.`;
}
