import type { RecordVersionItem, RecordVersionList, SentEmail } from "@cm/api/models";
import { format } from "date-fns";
import { useState } from "react";
import useSWR from "swr";

/** The meeting's records through time: each version of its summary, notes and transcript, and what was e-mailed. */
export function HistoryTab({ meetingId }: { meetingId: number }) {
  // Asked for when the tab opens (the page's own data does not carry them), each time it opens: it grows with edits.
  const { data: versions, error: versionsError } = useSWR<RecordVersionList>(`/api/meetings/${meetingId}/versions`, {
    revalidateOnMount: true,
  });
  const { data: emails, error: emailsError } = useSWR<SentEmail[]>(`/api/meetings/${meetingId}/emails`, {
    revalidateOnMount: true,
  });
  return (
    <div className="space-y-6">
      <section className="card p-5" aria-labelledby="history-changes">
        <h2 id="history-changes" className="text-lg font-semibold">
          Changes
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Every version is kept: the AI's first draft, and each change after it with who made it and when.
        </p>
        {versionsError ? (
          <p className="mt-3 text-sm text-red-700 dark:text-red-300">The history could not be loaded.</p>
        ) : !versions ? (
          <p className="mt-3 text-sm text-slate-500" role="status">
            Loading history...
          </p>
        ) : versions.versions.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">Nothing has been written for this meeting yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {newestFirst(versions.versions).map((version) => (
              <VersionRow key={`${version.kind}-${version.version}`} version={version} />
            ))}
          </ol>
        )}
      </section>
      <section className="card p-5" aria-labelledby="history-emails">
        <h2 id="history-emails" className="text-lg font-semibold">
          E-mails sent
        </h2>
        {emailsError ? (
          <p className="mt-3 text-sm text-red-700 dark:text-red-300">The e-mails sent could not be loaded.</p>
        ) : !emails ? (
          <p className="mt-3 text-sm text-slate-500" role="status">
            Loading e-mails...
          </p>
        ) : emails.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No follow-up e-mail has been sent about this meeting.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {emails.map((email) => (
              <EmailRow key={email.id} email={email} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

const KIND_LABEL: Record<RecordVersionItem["kind"], string> = {
  summary: "Summary",
  notes: "My Notes",
  transcript: "Transcript",
};

const PART_LABEL: Record<string, string> = {
  executiveSummary: "executive summary",
  keyPoints: "key points",
  decisions: "decisions",
  actionItems: "action items",
  nextMeeting: "next meeting",
  content: "notes",
  text: "transcript",
};

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy HH:mm");

function newestFirst(versions: RecordVersionItem[]): RecordVersionItem[] {
  return [...versions].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.version - a.version);
}

function VersionRow({ version }: { version: RecordVersionItem }) {
  const [open, setOpen] = useState(false);
  const changed = version.changed.map((part) => PART_LABEL[part] ?? part).join(", ");
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="font-medium">
            {KIND_LABEL[version.kind]} · version {version.version}
          </span>{" "}
          — {version.label}
        </p>
        <time dateTime={version.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
          {when(version.createdAt)}
        </time>
      </div>
      {version.version > 1 && changed ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">Changed: {changed}</p>
      ) : null}
      <button
        type="button"
        className="mt-1 text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? "Hide this version" : "Show this version"}
      </button>
      {open ? <VersionContent version={version} /> : null}
    </li>
  );
}

/** The longest transcript text shown inline; the whole is in the export and the API. */
const SHOWN_TRANSCRIPT_CHARS = 20_000;

function VersionContent({ version }: { version: RecordVersionItem }) {
  const content = version.content;
  if (version.kind !== "summary") {
    const text = String(content[version.kind === "notes" ? "content" : "text"] ?? "");
    const cut = text.length > SHOWN_TRANSCRIPT_CHARS;
    return (
      <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-xs dark:bg-slate-900">
        {cut ? `${text.slice(0, SHOWN_TRANSCRIPT_CHARS)}\n…` : text}
      </pre>
    );
  }
  const points = (value: unknown) =>
    Array.isArray(value)
      ? value.map((item) => (typeof item === "string" ? item : String(item?.text ?? item?.task ?? "")))
      : [];
  const next = content.nextMeeting as { date?: string | null; topics?: string[] } | null;
  return (
    <div className="mt-2 space-y-2 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-900">
      <p>{String(content.executiveSummary ?? "")}</p>
      <ContentList title="Key points" items={points(content.keyPoints)} />
      <ContentList title="Decisions" items={points(content.decisions)} />
      <ContentList title="Action items" items={points(content.actionItems)} />
      {next ? (
        <p className="text-xs">
          <span className="font-medium">Next meeting:</span> {next.date ?? "no date"}
          {next.topics?.length ? ` — ${next.topics.join(", ")}` : ""}
        </p>
      ) : null}
    </div>
  );
}

function ContentList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <p className="text-xs font-medium">{title}</p>
      <ul className="list-disc pl-5 text-xs">
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function EmailRow({ email }: { email: SentEmail }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-medium">{email.subject}</p>
        <time dateTime={email.sentAt} className="text-xs text-slate-500 dark:text-slate-400">
          {when(email.sentAt)}
        </time>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        To {email.to.join(", ")}
        {email.summaryVersion ? ` · from summary version ${email.summaryVersion}` : ""}
      </p>
      <button
        type="button"
        className="mt-1 text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? "Hide the e-mail" : "Show the e-mail as sent"}
      </button>
      {open ? (
        <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-xs dark:bg-slate-900">
          {email.text}
        </pre>
      ) : null}
    </li>
  );
}
