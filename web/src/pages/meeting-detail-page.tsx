import { Tabs } from "@ark-ui/react";
import type { MeetingDetail } from "@cm/api/models";
import { useMemo, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import useSWR, { useSWRConfig } from "swr";
import { ConsentLine } from "../components/meetings/consent-line";
import {
  DELETE_MEETING_CONFIRMATION,
  deleteMeetingErrorMessage,
  MEETING_REFERRER_KEY,
} from "../components/meetings/delete-meeting";
import { DraftTranscriptNotice } from "../components/meetings/draft-transcript-notice";
import { HistoryTab } from "../components/meetings/history-tab";
import { MeetingAfterActions } from "../components/meetings/meeting-after-actions";
import { NotesTab } from "../components/meetings/notes-tab";
import { PlannedMeetingNotice } from "../components/meetings/planned-meeting-notice";
import { StatusBadge } from "../components/meetings/status-badge";
import { SummaryTab } from "../components/meetings/summary-tab";
import { momentFromSearch, type TranscriptMoment } from "../components/meetings/transcript-moment";
import { describeEngine, TranscriptTab } from "../components/meetings/transcript-tab";
import { useMeetingTab } from "../components/meetings/use-meeting-tab";
import { AddTaskDialog } from "../components/tasks/add-task-dialog";
import { ConfirmDialog } from "../components/ui/modal";
import { apiRequest } from "../lib/api-request";
import { pauseLiveKey } from "../lib/live-data";
import { clientNameOf, isPending, isScheduled, meetingWhen } from "../lib/meeting-format";
import { refreshMeetingLists } from "../lib/meeting-keys";
import { followUpKey, meetingIdOf, meetingKey, noteKey } from "../lib/meeting-page-keys";
import { useMissingOnServer } from "../lib/missing-data";
import { PageTitle, pageTitle } from "../lib/page-title";
import { toast } from "../lib/toast";
import { useToastWhile } from "../lib/use-toast-while";

const DELETE_FAILED_KEY = "meeting-delete-failed";

const TAB_CLASS =
  "rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm dark:text-slate-400 dark:data-[selected]:bg-slate-900 dark:data-[selected]:text-slate-100";

function NotFound() {
  const navigate = useNavigate();
  return (
    <div className="card mx-auto max-w-lg p-8 text-center">
      <h1 className="text-xl font-semibold">Meeting Not Found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        The meeting you're looking for doesn't exist or has been removed.
      </p>
      <button
        type="button"
        className="btn-primary mt-6"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}
      >
        Return to Dashboard
      </button>
    </div>
  );
}

/** Summary, Full Transcript, My Notes and History of a meeting that has taken place. */
interface MeetingTabsProps {
  meeting: MeetingDetail;
  tab: string;
  onTabChange: (tab: string) => void;
  moment: TranscriptMoment | null;
}

function MeetingTabs({ meeting, tab, onTabChange, moment }: MeetingTabsProps) {
  return (
    <Tabs.Root value={tab} onValueChange={(details) => onTabChange(details.value)} lazyMount>
      <Tabs.List className="mb-4 inline-flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        <Tabs.Trigger value="summary" className={TAB_CLASS}>
          Summary
        </Tabs.Trigger>
        <Tabs.Trigger value="transcript" className={TAB_CLASS}>
          Full Transcript
        </Tabs.Trigger>
        <Tabs.Trigger value="notes" className={TAB_CLASS}>
          My Notes
        </Tabs.Trigger>
        <Tabs.Trigger value="history" className={TAB_CLASS}>
          History
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="summary">
        <SummaryTab meeting={meeting} />
      </Tabs.Content>
      <Tabs.Content value="transcript">
        <TranscriptTab meeting={meeting} moment={moment} />
      </Tabs.Content>
      <Tabs.Content value="notes">
        <NotesTab meetingId={meeting.id} />
      </Tabs.Content>
      <Tabs.Content value="history">
        <HistoryTab meetingId={meeting.id} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

export default function MeetingDetailPage() {
  const id = meetingIdOf(useParams().id);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const key = id === null ? null : meetingKey(id);
  const missingOnServer = useMissingOnServer(key);
  // While processing, look again every few seconds so the summary appears without a reload.
  const {
    data: meeting,
    error,
    mutate: refresh,
  } = useSWR<MeetingDetail>(key, {
    refreshInterval: (latest) => (latest && isPending(latest.status) ? 3000 : 0),
  });
  // What the page shows besides the meeting is asked for with it, not once it has arrived (lib/meeting-page-keys.ts):
  // the follow-up draft of the after-meeting actions, and the notes (a planned meeting shows them at once).
  const gone = id === null || missingOnServer || (error && !meeting);
  const afterMeeting = !meeting || (!isPending(meeting.status) && !isScheduled(meeting.status));
  useSWR(!gone && afterMeeting ? followUpKey(id) : null);
  useSWR(gone ? null : noteKey(id));
  // `?t=SECONDS` (Meeting Intelligence's links; summary items add `&segment=N`) opens the transcript at that moment.
  // Each navigation to a moment is a new one (the same link clicked again opens the transcript again); a refresh of
  // the meeting's data is not.
  const [search] = useSearchParams();
  const { key: navigation } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new moment per navigation, not per render
  const moment = useMemo(() => momentFromSearch(search), [navigation]);
  const [tab, setTab] = useMeetingTab(moment);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [transcribing, setTranscribing] = useState(false);
  const [addingTask, setAddingTask] = useState(false);
  // A failed delete is told while its confirmation is open.
  useToastWhile(DELETE_FAILED_KEY, confirming);

  const notFound = !key || (error && !meeting) || (missingOnServer && !meeting);
  // The server sends it after the shared head (api/src/ssr/early-head.ts), so it is this meeting's, never another's.
  const title = <PageTitle title={pageTitle(notFound ? "Meeting Not Found" : (meeting?.title ?? "Meeting"))} />;
  if (notFound) {
    return (
      <>
        {title}
        <NotFound />
      </>
    );
  }
  if (!meeting) {
    return (
      <>
        {title}
        <div
          className="h-40 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800"
          role="status"
          aria-label="Loading meeting"
        />
      </>
    );
  }

  function goBack() {
    const referrer = sessionStorage.getItem(MEETING_REFERRER_KEY) || "/dashboard";
    sessionStorage.removeItem(MEETING_REFERRER_KEY);
    navigate(referrer);
  }

  async function remove() {
    setDeleting(true);
    // The deletion's live update can arrive before the DELETE's answer: the page must not fetch the meeting again.
    const resume = pauseLiveKey(`/api/meetings/${id}`);
    try {
      await apiRequest("DELETE", `/api/meetings/${id}`);
      // Leave the page first: while it is mounted, a live update would fetch the deleted meeting again (a 404).
      setConfirming(false);
      navigate("/");
      await Promise.all([refreshMeetingLists(mutate), mutate("/api/stats"), mutate("/api/clients")]);
      toast({
        title: "Meeting deleted",
        description: "The meeting and all associated data have been successfully deleted.",
      });
    } catch (err) {
      toast({
        key: DELETE_FAILED_KEY,
        title: "Error",
        description: deleteMeetingErrorMessage((err as Error).message),
        variant: "destructive",
      });
    } finally {
      // Gone from the screen by now; a later visit (Back) asks again and is told the meeting is not found.
      resume();
      setDeleting(false);
    }
  }

  async function retry() {
    setRetrying(true);
    try {
      await refresh(await apiRequest<MeetingDetail>("POST", `/api/meetings/${id}/retry`), { revalidate: false });
    } catch {
      toast({
        title: "Retry failed",
        description: "The meeting could not be queued again. Please try again.",
        variant: "destructive",
      });
    } finally {
      setRetrying(false);
    }
  }

  async function transcribeAgain() {
    setTranscribing(true);
    try {
      await refresh(await apiRequest<MeetingDetail>("POST", `/api/meetings/${id}/transcribe`), { revalidate: false });
      await refreshMeetingLists(mutate);
    } catch {
      toast({
        title: "Transcribe again failed",
        description: "The meeting could not be queued for transcription. Please try again.",
        variant: "destructive",
      });
    } finally {
      setTranscribing(false);
    }
  }

  const consent = meeting.consent;
  const madeBy = [
    meeting.transcript?.engine ? `Transcript by ${describeEngine(meeting.transcript.engine)}` : null,
    meeting.summary?.engine ? `Summary by ${describeEngine(meeting.summary.engine)}` : null,
  ].filter((line) => line !== null);

  return (
    <div className="space-y-6">
      {title}
      <button
        type="button"
        onClick={goBack}
        className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
      >
        ← Back
      </button>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
            <span className="font-medium text-indigo-700 dark:text-indigo-300">{clientNameOf(meeting)}</span>
            <span>·</span>
            <span>{meeting.type}</span>
            <StatusBadge status={meeting.status} />
          </div>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900 dark:text-slate-100">{meeting.title}</h1>
          <p className="text-slate-600 dark:text-slate-400">{meetingWhen(meeting)}</p>
          {consent ? <ConsentLine consent={consent} /> : null}
          {madeBy.length > 0 ? (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{madeBy.join(" · ")}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={() => setAddingTask(true)}>
            Add task
          </button>
          <button type="button" className="btn-danger" onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      </header>
      {isPending(meeting.status) ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800 dark:bg-amber-900/30 dark:text-amber-200">
          This may take a second. Try refreshing your screen in a moment.
        </p>
      ) : null}
      {isScheduled(meeting.status) ? <PlannedMeetingNotice meeting={meeting} /> : null}
      {meeting.status === "Failed" ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-200">
          <p>Processing failed: {meeting.failureReason ?? "unknown reason"}</p>
          <button type="button" className="btn-secondary" onClick={retry} disabled={retrying}>
            {retrying ? "Retrying..." : "Retry"}
          </button>
        </div>
      ) : null}
      {meeting.transcript?.draft ? (
        <DraftTranscriptNotice
          canTranscribeAgain={Boolean(meeting.canTranscribeAgain)}
          transcribing={transcribing}
          onTranscribeAgain={transcribeAgain}
        />
      ) : null}
      {/* A planned meeting has not happened: no summary to wait for, nothing to follow up or export; notes help prepare. */}
      {isScheduled(meeting.status) ? (
        <NotesTab meetingId={meeting.id} />
      ) : (
        <>
          <MeetingAfterActions meeting={meeting} />
          <MeetingTabs meeting={meeting} tab={tab} onTabChange={setTab} moment={moment} />
        </>
      )}
      {addingTask ? (
        <AddTaskDialog
          target={{ meetingId: meeting.id, label: meeting.title }}
          open={addingTask}
          onOpenChange={setAddingTask}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete meeting"
        message={DELETE_MEETING_CONFIRMATION}
        confirmLabel="Delete"
        pending={deleting}
        onConfirm={remove}
      />
    </div>
  );
}
