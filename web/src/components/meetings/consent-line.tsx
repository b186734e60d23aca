import { format } from "date-fns";

/** GET /api/meetings/{id}'s `consent`: the advisor's confirmation that everyone present agreed to be recorded. */
export interface MeetingConsent {
  method: string;
  note: string | null;
  confirmedAt: string;
  confirmedBy: string | null;
}

const METHOD_WORDS: Record<string, string> = { spoken: "spoken", written: "written", note: "a note" };

/** "Consent to record: confirmed by Dana Reyes on March 3, 2026, 10:02 (spoken)". */
export function consentText(consent: MeetingConsent): string {
  const by = consent.confirmedBy ? ` by ${consent.confirmedBy}` : "";
  const when = format(new Date(consent.confirmedAt), "MMMM d, yyyy, HH:mm");
  const how = METHOD_WORDS[consent.method] ?? consent.method;
  return `Consent to record: confirmed${by} on ${when} (${how})`;
}

/** The consent line on a meeting's page, with the advisor's note under it when there is one. */
export function ConsentLine({ consent }: { consent: MeetingConsent }) {
  return (
    <div className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="consent-line">
      <p>{consentText(consent)}</p>
      {consent.note ? <p className="italic">Note: {consent.note}</p> : null}
    </div>
  );
}
