// Every kind of row the audit trail holds, with the rule that bounds how often it is written (issue 37's rule: the
// trail must not be a way to fill storage for free). An action not in this table cannot be recorded (the type says
// so). `againAfterSeconds`: the same person's same action on the same target is written once in that time (a page
// read ten times in a minute is one row); `perHour`: at most that many rows of the action an hour in one account,
// whoever causes them (a stranger's failed sign-ins at someone else's account); `read`: one of the reads an account
// may make at most READS_PER_HOUR of (a loop of downloads would otherwise write rows for ever).

export interface AuditActionRule {
  /** What the trail's readers are shown for it. */
  label: string;
  againAfterSeconds?: number;
  perHour?: number;
  read?: boolean;
}

/** Reads (rows of actions marked `read`) an account may make in an hour: past it, a read is refused with 429. */
export const READS_PER_HOUR = 2000;

export const AUDIT_ACTIONS = {
  "auth.sign-in": { label: "Signed in" },
  "auth.sign-in-failed": { label: "Failed sign-in", perHour: 30 },
  "auth.code-sent": { label: "Verification code sent", perHour: 30 },
  "auth.sign-out": { label: "Signed out" },
  "meeting.viewed": { label: "Meeting viewed", againAfterSeconds: 600, read: true },
  "transcript.viewed": { label: "Transcript viewed", againAfterSeconds: 600, read: true },
  "recording.played": { label: "Recording played", againAfterSeconds: 600, read: true },
  "recording.downloaded": { label: "Recording downloaded", againAfterSeconds: 60, read: true },
  "search.asked": { label: "Search asked", read: true },
  "meeting.exported": { label: "Meeting exported", read: true },
  "email.sent": { label: "Follow-up e-mail sent" },
  "meeting.created": { label: "Meeting created" },
  "meeting.edited": { label: "Meeting edited" },
  "meeting.deleted": { label: "Meeting deleted" },
  "summary.edited": { label: "Notes edited" },
  "notes.edited": { label: "Private notes edited", againAfterSeconds: 600 },
  "transcript.edited": { label: "Transcript edited" },
  "client.created": { label: "Client created" },
  "client.edited": { label: "Client edited" },
  "client.deleted": { label: "Client deleted" },
  "task.created": { label: "Task added" },
  "task.edited": { label: "Task edited" },
  "settings.changed": { label: "Settings changed" },
  "hold.placed": { label: "Legal hold placed" },
  "hold.released": { label: "Legal hold released" },
  // Retention's own (branch retention): a refused deletion is bounded, as anyone may ask again and again.
  "deletion.refused": { label: "Deletion refused", perHour: 60 },
  "client.closed": { label: "Client closed" },
  "client.reopened": { label: "Client reopened" },
  "record.disposed": { label: "Record disposed of" },
  "records.exported": { label: "Records exported" },
  "account.exported": { label: "Account exported" },
  "audit.viewed": { label: "Audit trail viewed", againAfterSeconds: 600, read: true },
  "audit.exported": { label: "Audit trail downloaded", read: true },
  "audit.disposed": { label: "Audit rows disposed of" },
  "account.erased": { label: "Account erased" },
} as const satisfies Record<string, AuditActionRule>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

export function ruleOf(action: AuditAction): AuditActionRule {
  return AUDIT_ACTIONS[action];
}

/** The actions that are reads. */
export const READ_ACTIONS: AuditAction[] = (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter(
  (action) => (AUDIT_ACTIONS[action] as AuditActionRule).read === true,
);
