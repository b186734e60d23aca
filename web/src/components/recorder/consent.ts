/** The advisor's confirmation that everyone present agreed to be recorded (meetingData.consent). */
export type ConsentMethod = "spoken" | "written" | "note";

export interface Consent {
  method: ConsentMethod;
  note?: string;
  /** ISO 8601: when the advisor confirmed. */
  confirmedAt: string;
}

/** What the form holds before it becomes a Consent. */
export interface ConsentDraft {
  agreed: boolean;
  method: ConsentMethod;
  note: string;
}

export const EMPTY_CONSENT: ConsentDraft = { agreed: false, method: "spoken", note: "" };
export const CONSENT_NOTE_MAX = 1000;

export const CONSENT_METHODS: { value: ConsentMethod; label: string }[] = [
  { value: "spoken", label: "Spoken" },
  { value: "written", label: "Written" },
  { value: "note", label: "A note" },
];

/** Read aloud before recording, when the advisor asks for it. */
export const CONSENT_STATEMENT =
  "Before we start: I would like to record this meeting so that I can write accurate notes from it. The recording stays private to me and is used only for our work together. Is everyone here happy for me to record?";

/** The consent to send, or null when the advisor has not confirmed. */
export function consentOf(draft: ConsentDraft, now: Date = new Date()): Consent | null {
  if (!draft.agreed) return null;
  const note = draft.note.trim().slice(0, CONSENT_NOTE_MAX);
  return { method: draft.method, ...(note ? { note } : {}), confirmedAt: now.toISOString() };
}
