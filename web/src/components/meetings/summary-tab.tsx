import type { MeetingDetail } from "@cm/api/models";
import { formatNextMeetingDate } from "../../lib/meeting-format";
import { ActionItemEntry, useActionItemSaver } from "./action-item-entry";

/** An empty card's text. */
const EMPTY = "text-slate-600 dark:text-slate-400";

function Skeleton() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading summary">
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          className="h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-800"
          style={{ width: `${90 - i * 12}%` }}
        />
      ))}
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card p-5">
      <h3 className="mb-3 font-semibold text-slate-900 dark:text-slate-100">{title}</h3>
      {children}
    </section>
  );
}

/** A card listing what the summary found, or saying that it found none. */
function ListSection<T>({
  title,
  items,
  empty,
  listClassName,
  renderItem,
}: {
  title: string;
  items: T[];
  empty: string;
  listClassName: string;
  renderItem: (item: T, index: number) => React.ReactNode;
}) {
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <p className={EMPTY}>{empty}</p>
      ) : (
        <ul className={listClassName}>{items.map(renderItem)}</ul>
      )}
    </Section>
  );
}

export function SummaryTab({ meeting }: { meeting: MeetingDetail }) {
  const saveActionItem = useActionItemSaver(`/api/meetings/${meeting.id}`);
  const summary = meeting.summary;
  if (!summary) {
    return (
      <div className="grid gap-4">
        <Section title="Executive Summary">
          <Skeleton />
        </Section>
        <Section title="Key Points">
          <Skeleton />
        </Section>
      </div>
    );
  }
  const next = summary.nextMeeting;
  return (
    <div className="grid gap-4">
      <Section title="Executive Summary">
        <p className="leading-relaxed text-slate-700 dark:text-slate-300">{summary.executiveSummary}</p>
      </Section>
      <ListSection
        title="Key Points"
        items={summary.keyPoints}
        empty="No key points were found in this meeting."
        listClassName="list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300"
        renderItem={(point, i) => <li key={i}>{point}</li>}
      />
      <ListSection
        title="Action Items"
        items={summary.actionItems}
        empty="No action items were found in this meeting."
        listClassName="space-y-3"
        renderItem={(item, i) => <ActionItemEntry key={item.id ?? `item-${i}`} item={item} save={saveActionItem} />}
      />
      <Section title="Next Meeting">
        {next ? (
          <div className="space-y-1 text-slate-700 dark:text-slate-300">
            {next.date ? <p>{`Scheduled for ${formatNextMeetingDate(next.date)}`}</p> : null}
            {next.topics.length ? <p>Topics to include: {next.topics.join(", ")}</p> : null}
          </div>
        ) : (
          <p className={EMPTY}>No follow-up meeting was discussed.</p>
        )}
      </Section>
    </div>
  );
}
