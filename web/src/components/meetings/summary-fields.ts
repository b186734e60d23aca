// The Edit notes form's fields as the screen names them, their limits, and the problems found in them: by the form
// before it sends anything, and in the server's refusal (which names fields by their path, `actionItems.7.task`).

import type { SummaryLimits } from "@cm/api/models";
import type { SummaryDraft } from "./summary-draft";

/** The API's limits (PATCH /api/meetings/{id}/summary); the type keeps these equal to the server's. */
export const LIMITS = {
  executiveSummary: 5000,
  point: 1000,
  points: 50,
  actionItems: 100,
  task: 1000,
  assignee: 200,
  topic: 300,
  topics: 20,
} as const satisfies SummaryLimits;

/**
 * A field's key, as the form and the API both write it: `executiveSummary`, `keyPoints.2`, `decisions.0`,
 * `actionItems.7.task`, `nextMeeting.time`; a whole list is its name (`keyPoints`).
 */
export type FieldKey = string;
export type FieldErrors = Record<FieldKey, string>;

/** What a field is called on screen: "Executive summary", "Key point 3", "Action item 8: task". */
export function fieldLabel(key: FieldKey): string {
  const [part, index, field] = key.split(".");
  const n = index !== undefined && /^\d+$/.test(index) ? Number(index) + 1 : undefined;
  switch (part) {
    case "executiveSummary":
      return "Executive summary";
    case "keyPoints":
      return n ? `Key point ${n}` : "Key points";
    case "decisions":
      return n ? `Decision ${n}` : "Decisions";
    case "actionItems": {
      if (!n) return "Action items";
      const what = { task: "task", assignee: "assignee", dueDate: "due date" }[field ?? ""];
      return what ? `Action item ${n}: ${what}` : `Action item ${n}`;
    }
    case "nextMeeting": {
      const what = { date: "date", time: "time", topics: "topics" }[index ?? ""];
      return what ? `Next meeting: ${what}` : "Next meeting";
    }
    default:
      return key;
  }
}

const count = (n: number) => n.toLocaleString("en-US");

export const tooLong = (key: FieldKey, length: number, max: number) =>
  `${fieldLabel(key)} is too long: ${count(length)} characters, the limit is ${count(max)}.`;

/** Every problem the form can see itself, by field. `submitted`: also empty fields (not nagged while typing). */
export function checkDraft(draft: SummaryDraft, { submitted }: { submitted: boolean }): FieldErrors {
  const errors: FieldErrors = {};
  const limit = (key: FieldKey, text: string, max: number) => {
    if (text.length > max) errors[key] = tooLong(key, text.length, max);
  };
  const required = (key: FieldKey, text: string, message: string) => {
    if (submitted && !errors[key] && !text.trim()) errors[key] = `${fieldLabel(key)} ${message}`;
  };
  limit("executiveSummary", draft.executiveSummary, LIMITS.executiveSummary);
  required("executiveSummary", draft.executiveSummary, "cannot be empty.");
  for (const list of ["keyPoints", "decisions"] as const) {
    draft[list].forEach((point, i) => {
      limit(`${list}.${i}`, point.text, LIMITS.point);
      required(`${list}.${i}`, point.text, "is empty: write it or remove it.");
    });
    if (draft[list].length > LIMITS.points) errors[list] = `${fieldLabel(list)}: at most ${LIMITS.points}.`;
  }
  draft.actionItems.forEach((item, i) => {
    limit(`actionItems.${i}.task`, item.task, LIMITS.task);
    required(`actionItems.${i}.task`, item.task, "cannot be empty.");
    limit(`actionItems.${i}.assignee`, item.assignee, LIMITS.assignee);
  });
  if (draft.actionItems.length > LIMITS.actionItems) errors.actionItems = `At most ${LIMITS.actionItems} action items.`;
  const topics = draft.nextTopics.split("\n").filter((topic) => topic.trim());
  const long = topics.findIndex((topic) => topic.trim().length > LIMITS.topic);
  if (long >= 0) {
    errors["nextMeeting.topics"] =
      `Next meeting: topic ${long + 1} is too long: ${count(topics[long]!.trim().length)} characters, the limit is ${count(LIMITS.topic)}.`;
  } else if (topics.length > LIMITS.topics) {
    errors["nextMeeting.topics"] = `Next meeting: at most ${LIMITS.topics} topics (one a line).`;
  }
  return errors;
}

/** The keys the form shows a message at; a server path that goes deeper lands on the nearest of them. */
function formKeyOf(path: string): FieldKey {
  const parts = path.split(".");
  if ((parts[0] === "keyPoints" || parts[0] === "decisions") && parts.length > 2) return parts.slice(0, 2).join(".");
  if (parts[0] === "nextMeeting" && parts[1] === "topics") return "nextMeeting.topics";
  if (parts[0] === "actionItems" && parts[2] === "id") return parts.slice(0, 2).join(".");
  return parts.slice(0, 3).join(".");
}

/** The server's reason in the form's words ("Expected string length less or equal to 5000"), after the label. */
function plainReason(reason: string): string {
  const max = /less or equal to (\d+)/i.exec(reason)?.[1];
  if (max && /string length/i.test(reason)) return ` is too long: the limit is ${count(Number(max))} characters.`;
  if (max) return ` has too many: at most ${count(Number(max))}.`;
  return reason.startsWith(":") ? reason : ` ${reason}`;
}

/**
 * A refused save's message (`validation failed: actionItems.7.task is required`) as the field it names and a
 * sentence naming it as the screen does ("Action item 8: task is required"); null when it names no field.
 */
export function fieldOfServerMessage(message: string): { key: FieldKey; message: string } | null {
  const match =
    /^(?:validation failed: )?((?:executiveSummary|keyPoints|decisions|actionItems|nextMeeting)(?:\.\w+)*)(.*)$/s.exec(
      message.trim(),
    );
  if (!match) return null;
  const key = formKeyOf(match[1]!);
  return { key, message: `${fieldLabel(key)}${plainReason(match[2]!.trim())}`.trim() };
}
