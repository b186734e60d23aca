import type { Sql } from "../client";

// Issue 29 (migration 029): how a meeting came (a browser recording or an uploaded file) and the advisor's
// confirmation that everyone present agreed to be recorded.

export type MeetingSource = "recording" | "upload";
export type ConsentMethod = "spoken" | "written" | "note";
export const CONSENT_METHODS: readonly ConsentMethod[] = ["spoken", "written", "note"];

/** What a new meeting stores: `confirmedBy` is the signed-in user's id, set by the server. */
export interface NewConsent {
  method: ConsentMethod;
  note: string | null;
  confirmedAt: Date;
  confirmedBy: number;
}

/** The provenance written with a meeting's recording (insert or a planned meeting taking it). */
export interface MeetingProvenance {
  source?: MeetingSource | null;
  consent?: NewConsent | null;
}

/** The columns of `meetings` for a provenance, in the order of PROVENANCE_COLUMNS. */
export function provenanceValues(p: MeetingProvenance) {
  const consent = p.consent ?? null;
  return {
    source: p.source ?? null,
    consent_method: consent?.method ?? null,
    consent_note: consent?.note ?? null,
    consent_confirmed_at: consent?.confirmedAt ?? null,
    consent_confirmed_by: consent?.confirmedBy ?? null,
  };
}

/** Writes a meeting's provenance (inside the transaction that writes its recording). */
export async function setMeetingProvenance(sql: Sql, meetingId: number, p: MeetingProvenance): Promise<void> {
  const v = provenanceValues(p);
  await sql`update meetings set source = ${v.source}, consent_method = ${v.consent_method},
    consent_note = ${v.consent_note}, consent_confirmed_at = ${v.consent_confirmed_at},
    consent_confirmed_by = ${v.consent_confirmed_by}
    where id = ${meetingId}`;
}

/** The user's name as a reader sees it: full name, first and last name, e-mail, or username. */
export const CONFIRMED_BY_NAME = `(select coalesce(nullif(trim(u.full_name), ''),
  nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, u.username)
  from users u where u.id = m.consent_confirmed_by)`;
