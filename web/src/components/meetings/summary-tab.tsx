import type { MeetingDetail, SummaryPoint } from "@cm/api/models";
import { useEffect, useState } from "react";
import { useAuth } from "../../lib/auth-context";
import { formatNextMeetingDate } from "../../lib/meeting-format";
import { ActionItemEntry, useActionItemSaver } from "./action-item-entry";
import { MomentLink } from "./moment-link";
import { PossibleActionItems } from "./possible-action-items";
import { hasSummaryDraft } from "./summary-draft-storage";
import { SummaryEditor } from "./summary-editor";

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

/** Key points and decisions: each with the moment it was said. */
function PointItem({ meetingId, point }: { meetingId: number; point: SummaryPoint }) {
  return (
    <li>
      {point.text}
      <MomentLink meetingId={meetingId} source={point.source} about={point.text} />
    </li>
  );
}

/** "Scheduled for March 3, 2027", with " at 14:30" when a time was said. */
function scheduledText(next: { date: string; time?: string }): string {
  const day = formatNextMeetingDate(next.date);
  return `Scheduled for ${next.time ? `${day} at ${next.time}` : day}`;
}

export function SummaryTab({ meeting }: { meeting: MeetingDetail }) {
  const saveActionItem = useActionItemSaver(`/api/meetings/${meeting.id}`);
  const [editing, setEditing] = useState(false);
  const summary = meeting.summary;
  const userId = useAuth().user?.id;
  const hasSummary = Boolean(summary);
  // Unsaved edits kept from before (a reload, a link followed anyway) open the form again, with a notice. After
  // hydration: the server cannot see the browser's storage.
  useEffect(() => {
    if (hasSummary && userId !== undefined && hasSummaryDraft(userId, meeting.id)) setEditing(true);
  }, [hasSummary, userId, meeting.id]);
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
  if (editing) {
    return (
      <div className="grid gap-4">
        <SummaryEditor meeting={meeting} summary={summary} onDone={() => setEditing(false)} />
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
          Edit notes
        </button>
      </div>
      <Section title="Executive Summary">
        <p className="leading-relaxed text-slate-700 dark:text-slate-300">{summary.executiveSummary}</p>
      </Section>
      <ListSection
        title="Key Points"
        items={summary.keyPoints}
        empty="No key points were found in this meeting."
        listClassName="list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300"
        renderItem={(point, i) => <PointItem key={i} meetingId={meeting.id} point={point} />}
      />
      {summary.decisions.length > 0 ? (
        <ListSection
          title="Decisions"
          items={summary.decisions}
          empty=""
          listClassName="list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300"
          renderItem={(decision, i) => <PointItem key={i} meetingId={meeting.id} point={decision} />}
        />
      ) : null}
      <ListSection
        title="Action Items"
        items={summary.actionItems}
        empty="No action items were found in this meeting."
        listClassName="space-y-3"
        renderItem={(item, i) => (
          <ActionItemEntry
            key={item.id ?? `item-${i}`}
            item={item}
            save={saveActionItem}
            moment={<MomentLink meetingId={meeting.id} source={item.source} about={item.task} />}
          />
        )}
      />
      <PossibleActionItems
        meetingId={meeting.id}
        possible={summary.possibleActionItems ?? []}
        actionItems={summary.actionItems}
      />
      <Section title="Next Meeting">
        {next ? (
          <div className="space-y-1 text-slate-700 dark:text-slate-300">
            {next.date ? <p>{scheduledText({ ...next, date: next.date })}</p> : null}
            {next.topics.length ? <p>Topics to include: {next.topics.join(", ")}</p> : null}
            {next.source ? (
              <p className="-ml-2 text-sm">
                <MomentLink meetingId={meeting.id} source={next.source} about="where the next meeting was arranged" />
              </p>
            ) : null}
          </div>
        ) : (
          <p className={EMPTY}>No follow-up meeting was discussed.</p>
        )}
      </Section>
    </div>
  );
}
