import type { AccountSettings, SettingsPatchBody } from "@cm/api/models";
import { useState } from "react";
import { mutate } from "swr";
import { ACCOUNT_SETTINGS_KEY } from "../../lib/account-keys";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";

type Preset = AccountSettings["retentionPreset"];
type Kind = keyof AccountSettings["retention"];
type Choice = "preset" | "days" | "years" | "forever";

const KINDS: [Kind, string][] = [
  ["recordings", "Recordings"],
  ["transcripts", "Transcripts"],
  ["notes", "Notes and summaries"],
  ["emails", "Sent e-mails"],
  ["auditTrail", "Audit trail"],
];

const presetLabel = (preset: Preset, lawFirmYears: number) =>
  ({
    none: "None",
    "sec-204-2": "Investment adviser (SEC 204-2): 5 years",
    "finra-4511": "Broker-dealer (FINRA 4511): 6 years",
    "law-firm": `Law firm: ${lawFirmYears} years after the client is closed`,
  })[preset];

/** What a kind's rule says, in words. */
function describeRule(rule: AccountSettings["retention"][Kind]): string {
  switch (rule.mode) {
    case "none":
      return "No schedule: kept until you delete it";
    case "forever":
      return "Kept for ever";
    case "days":
      return `Kept ${rule.amount} days, then disposed of`;
    case "years":
      return `Kept ${rule.amount} years, then disposed of`;
    case "after-close":
      return `Kept ${rule.amount} years after the client is closed`;
  }
}

interface KindDraft {
  choice: Choice;
  amount: string;
}

function draftOf(settings: AccountSettings): Record<Kind, KindDraft> {
  const draft = {} as Record<Kind, KindDraft>;
  for (const [kind] of KINDS) {
    const override = settings.overrides[kind];
    if (override === undefined) draft[kind] = { choice: "preset", amount: "" };
    else if (override === "forever") draft[kind] = { choice: "forever", amount: "" };
    else if ("days" in override) draft[kind] = { choice: "days", amount: String(override.days) };
    else draft[kind] = { choice: "years", amount: String(override.years) };
  }
  return draft;
}

function overridesOf(draft: Record<Kind, KindDraft>): NonNullable<SettingsPatchBody["overrides"]> {
  const overrides: NonNullable<SettingsPatchBody["overrides"]> = {};
  for (const [kind] of KINDS) {
    const { choice, amount } = draft[kind];
    const value = Number(amount);
    overrides[kind] =
      choice === "preset"
        ? null
        : choice === "forever"
          ? "forever"
          : choice === "days"
            ? { days: value }
            : { years: value };
  }
  return overrides;
}

/** The retention schedule: a preset, the law firm's years, and each kind's own period. */
export function RetentionSettings({ settings }: { settings: AccountSettings }) {
  const [preset, setPreset] = useState<Preset>(settings.retentionPreset);
  const [years, setYears] = useState(String(settings.lawFirmYears));
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    try {
      const body: SettingsPatchBody = {
        retentionPreset: preset,
        lawFirmYears: Number(years),
        overrides: overridesOf(draft),
      };
      const saved = await apiRequest<AccountSettings>("PATCH", ACCOUNT_SETTINGS_KEY, body);
      await mutate(ACCOUNT_SETTINGS_KEY, saved, { revalidate: false });
      toast({ title: "Retention saved", description: "The schedule applies to every record of the account." });
    } catch (error) {
      const message = (error as Error).message.replace(/^\d+: /, "");
      toast({ title: "Retention not saved", description: readMessage(message), variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card space-y-4 p-5" aria-labelledby="retention-title">
      <div>
        <h2 id="retention-title" className="text-lg font-semibold">
          Retention
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          How long each kind of record is kept. Under a schedule a record cannot be deleted before its day, and is
          disposed of after it. A shorter schedule never removes what an earlier one promised to keep.
        </p>
      </div>
      {settings.planRecordingDays ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
          Your plan keeps recordings {settings.planRecordingDays} days, unless a schedule or a legal hold keeps them
          longer. Transcripts, notes and summaries stay.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block">
          <span className="label">Preset</span>
          <select className="input" value={preset} onChange={(event) => setPreset(event.target.value as Preset)}>
            {(["none", "sec-204-2", "finra-4511", "law-firm"] as const).map((value) => (
              <option key={value} value={value}>
                {presetLabel(value, Number(years) || settings.lawFirmYears)}
              </option>
            ))}
          </select>
        </label>
        {preset === "law-firm" ? (
          <label className="block">
            <span className="label">Years after the client is closed</span>
            <input
              className="input"
              type="number"
              min={1}
              max={100}
              value={years}
              onChange={(event) => setYears(event.target.value)}
            />
          </label>
        ) : null}
      </div>
      <fieldset>
        <legend className="label">Each kind of record</legend>
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {KINDS.map(([kind, label]) => (
            <KindRow
              key={kind}
              label={label}
              inForce={describeRule(settings.retention[kind])}
              draft={draft[kind]}
              onChange={(next) => setDraft({ ...draft, [kind]: next })}
            />
          ))}
        </ul>
      </fieldset>
      <button type="button" className="btn-primary" onClick={save} disabled={saving}>
        {saving ? "Saving..." : "Save retention"}
      </button>
    </section>
  );
}

function KindRow({
  label,
  inForce,
  draft,
  onChange,
}: {
  label: string;
  inForce: string;
  draft: KindDraft;
  onChange: (draft: KindDraft) => void;
}) {
  const id = `retention-${label.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <li className="flex flex-wrap items-end justify-between gap-3 py-3">
      <div className="min-w-40">
        <p className="font-medium">{label}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{inForce}</p>
      </div>
      <div className="flex gap-2">
        <select
          className="input w-40"
          aria-label={`${label}: how long`}
          id={id}
          value={draft.choice}
          onChange={(event) => onChange({ ...draft, choice: event.target.value as Choice })}
        >
          <option value="preset">As the preset</option>
          <option value="days">Days</option>
          <option value="years">Years</option>
          <option value="forever">For ever</option>
        </select>
        {draft.choice === "days" || draft.choice === "years" ? (
          <input
            className="input w-24"
            type="number"
            min={1}
            aria-label={`${label}: number of ${draft.choice}`}
            value={draft.amount}
            onChange={(event) => onChange({ ...draft, amount: event.target.value })}
          />
        ) : null}
      </div>
    </li>
  );
}

/** The server's message from an error body (JSON) or as it came. */
export function readMessage(text: string): string {
  try {
    return (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    return text;
  }
}
