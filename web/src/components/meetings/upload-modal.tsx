import type { AccountUsage, ClientItem } from "@cm/api/models";
import { format } from "date-fns";
import { useEffect, useId, useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { CLOCK_TIME_ERROR, CLOCK_TIME_HINT, clockTimeOf, parseClockTime } from "../../lib/clock-time";
import { formatFileSize, middayIso, UPLOADED_TYPE } from "../../lib/meeting-format";
import { refreshMeetingLists } from "../../lib/meeting-keys";
import { toast } from "../../lib/toast";
import { useRefusalToast, useToastWhile } from "../../lib/use-toast-while";
import { localInstant } from "../calendar/schedule-request";
import { CreateClientDialog } from "../clients/create-client-dialog";
import { type ConsentDraft, consentOf, EMPTY_CONSENT } from "../recorder/consent";
import { ConsentFields } from "../recorder/consent-fields";
import { DialogActions, Modal } from "../ui/modal";
import { SelectField } from "../ui/select-field";
import { TextField } from "../ui/text-field";
import { PlanRecordingNote } from "./plan-recording-note";
import { type PlannedMeeting, plannedFields } from "./planned-upload";
import { sendMeetingFile } from "./send-meeting-file";
import { startFieldsAfterChoosing } from "./start-from-file";
import { FILE_ACCEPT, isAcceptedFile, isTranscriptFile, uploadErrorMessage } from "./upload-errors";
import { quotaProblem } from "./upload-quota-check";

const MISSING_KEY = "upload-missing";
const NO_FILE_KEY = "upload-no-file";
const WRONG_TYPE_KEY = "upload-wrong-type";

export function UploadModal({
  open,
  onOpenChange,
  initialDate,
  planned,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** yyyy-MM-dd, e.g. the calendar's selected day. */
  initialDate?: string;
  /** A planned meeting the recording is for: the upload takes its place (its client, title and date filled in). */
  planned?: PlannedMeeting;
}) {
  const { data: clients, isLoading } = useSWR<ClientItem[]>(open ? "/api/clients" : null);
  const { mutate } = useSWRConfig();
  // The account's quotas, read again each time the dialog opens: a file that cannot fit is not sent.
  const { data: usage, mutate: reloadUsage } = useSWR<AccountUsage>(open ? "/api/usage" : null);
  const [quotaMessage, setQuotaMessage] = useState<string | undefined>();
  const [clientId, setClientId] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [date, setDate] = useState(initialDate ?? "");
  /** Optional start time (HH:mm); without it only the day is known. */
  const [time, setTime] = useState("");
  const [timeError, setTimeError] = useState<string | undefined>();
  /** The time was filled in from the file, not typed: a new file may replace it. */
  const [timeFromFile, setTimeFromFile] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState(0);
  const [creatingClient, setCreatingClient] = useState(false);
  const [consent, setConsent] = useState<ConsentDraft>(EMPTY_CONSENT);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { client: useId(), title: useId(), date: useId(), time: useId(), file: useId() };
  // Each toast lasts while what it says holds: fields missing, no file, the file or entry the server refused.
  const missing = !clientId || !title.trim() || !middayIso(date);
  useToastWhile(MISSING_KEY, open && missing);
  useToastWhile(NO_FILE_KEY, open && !file);
  useToastWhile(WRONG_TYPE_KEY, open && !file);
  const fileIdentity = file ? [file.name, file.size, file.lastModified] : null;
  const refused = useRefusalToast("upload-refused", JSON.stringify([clientId, title, date, time, fileIdentity]), open);

  useEffect(() => {
    if (open && initialDate) setDate(initialDate);
  }, [open, initialDate]);

  useEffect(() => {
    if (open) void reloadUsage();
  }, [open, reloadUsage]);

  const problemOf = (candidate: File) =>
    quotaProblem(usage, candidate, isTranscriptFile(candidate) ? "transcript" : "audio");

  useEffect(() => {
    if (!open || !planned) return;
    setClientId(String(planned.clientId));
    setTitle(planned.title);
    setDate(format(new Date(planned.date), "yyyy-MM-dd"));
    setTime(clockTimeOf(new Date(planned.date)));
  }, [open, planned]);

  // Closing resets file, client, title and date.
  function close(next: boolean) {
    if (pending) return;
    if (!next) {
      setFile(null);
      setClientId(null);
      setTitle("");
      setDate(initialDate ?? "");
      setTime("");
      setTimeError(undefined);
      setTimeFromFile(false);
      setProgress(0);
      setQuotaMessage(undefined);
      setConsent(EMPTY_CONSENT);
    }
    onOpenChange(next);
  }

  function choose(candidate: File | undefined) {
    if (!candidate) return;
    if (!isAcceptedFile(candidate)) {
      toast({
        key: WRONG_TYPE_KEY,
        title: "Invalid file type",
        description: "Please upload an audio file (MP3, WAV, M4A, AAC, CAF, etc.)",
        variant: "destructive",
      });
      return;
    }
    setFile(candidate);
    setQuotaMessage(problemOf(candidate));
    fillStartFromFile(candidate);
  }

  function fillStartFromFile(candidate: File) {
    const next = startFieldsAfterChoosing(candidate, { date, time, timeFromFile });
    if (next.time !== time) setTimeError(undefined);
    setDate(next.date);
    setTime(next.time);
    setTimeFromFile(next.timeFromFile);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const midday = middayIso(date);
    if (missing || !midday) {
      toast({
        key: MISSING_KEY,
        title: "Missing information",
        description: "Please fill out all fields before uploading.",
        variant: "destructive",
      });
      return;
    }
    if (!file) {
      toast({
        key: NO_FILE_KEY,
        title: "No file selected",
        description: "Please select an audio file to upload.",
        variant: "destructive",
      });
      return;
    }
    const problem = problemOf(file);
    setQuotaMessage(problem);
    if (problem) return;
    const clock = time.trim() ? parseClockTime(time) : null;
    if (time.trim() && !clock) {
      setTimeError(CLOCK_TIME_ERROR);
      return;
    }
    const confirmed = consentOf(consent);
    const meetingData = {
      title: title.trim(),
      clientId: Number(clientId),
      date: midday,
      duration: 0,
      type: UPLOADED_TYPE,
      status: "Processing",
      ...plannedFields(planned, date),
      // With a start time the meeting's time is real; without one only its day is (stored at midday).
      ...(clock ? { date: localInstant(date, clock), timeKnown: true } : {}),
      ...(confirmed ? { consent: confirmed } : {}),
    };
    setPending(true);
    try {
      await sendMeetingFile(file, meetingData, setProgress);
      await Promise.all([
        refreshMeetingLists(mutate),
        mutate("/api/stats"),
        mutate("/api/clients"),
        planned ? mutate(`/api/meetings/${planned.id}`) : null,
        reloadUsage(),
      ]);
      toast({ title: "File uploaded successfully", description: "Your audio file is being processed and analyzed." });
      setPending(false);
      close(false);
    } catch (error) {
      setPending(false);
      void reloadUsage();
      refused({
        title: "Upload failed",
        description: uploadErrorMessage((error as Error).message),
        variant: "destructive",
      });
    }
  }

  const options = (clients ?? []).map((c) => ({ label: c.name, value: String(c.id) }));
  return (
    <>
      <Modal
        open={open}
        onOpenChange={close}
        title="Upload Audio Recording"
        description="Upload an audio file from a meeting to have it transcribed and summarized."
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          {isLoading ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">Loading clients...</p>
          ) : clients?.length === 0 ? (
            <div>
              <span className="label">Select Client</span>
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed border-indigo-300 bg-indigo-50 p-3 text-sm text-indigo-900 dark:border-indigo-500/40 dark:bg-indigo-950/40 dark:text-indigo-100">
                <p>Add a client first: every meeting belongs to a client.</p>
                <button type="button" className="btn-secondary" onClick={() => setCreatingClient(true)}>
                  Add Client
                </button>
              </div>
            </div>
          ) : (
            <SelectField
              id={ids.client}
              label="Select Client"
              placeholder="Select a client"
              options={options}
              value={clientId}
              onChange={setClientId}
              inDialog
            />
          )}
          <TextField id={ids.title} label="Meeting Title" value={title} onChange={setTitle} maxLength={300} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id={ids.date} label="Meeting Date" type="date" value={date} onChange={setDate} />
            <TextField
              id={ids.time}
              label="Start Time (optional)"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              placeholder="HH:mm"
              hint={
                timeFromFile
                  ? "From the recording file's time: change it if the meeting started earlier."
                  : CLOCK_TIME_HINT
              }
              value={time}
              onChange={(value) => {
                setTime(value);
                setTimeFromFile(false);
                setTimeError(undefined);
              }}
              error={timeError}
            />
          </div>
          <div>
            <span className="label">Audio File</span>
            {file ? (
              <div className="flex items-center justify-between rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
                <div className="min-w-0">
                  <p className="truncate font-medium">{file.name}</p>
                  <p className="text-slate-500 dark:text-slate-400">{formatFileSize(file.size)}</p>
                </div>
                <button
                  type="button"
                  className="text-sm font-medium text-red-600 dark:text-red-400 hover:underline"
                  onClick={() => {
                    setFile(null);
                    setQuotaMessage(undefined);
                  }}
                  disabled={pending}
                >
                  Remove
                </button>
              </div>
            ) : (
              <button
                type="button"
                className={`flex w-full flex-col items-center justify-center rounded-lg border-2 border-dashed p-6 text-center text-sm transition ${dragging ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-950/30" : "border-slate-300 dark:border-slate-700"}`}
                onClick={() => inputRef.current?.click()}
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={(e) => {
                  e.preventDefault();
                  setDragging(false);
                  choose(e.dataTransfer.files[0]);
                }}
              >
                {/* Named by what it shows, after the field's label: voice control users say what they see. */}
                <span className="sr-only">Audio File: </span>
                <span className="font-medium text-indigo-600 dark:text-indigo-400">
                  Drag and drop or click to choose a file
                </span>
                <span className="mt-1 text-slate-500 dark:text-slate-400">
                  MP3, WAV, M4A, AAC, CAF and other audio formats up to 500MB, or a transcript file (.vtt, .srt, .txt)
                </span>
              </button>
            )}
            <input
              ref={inputRef}
              id={ids.file}
              type="file"
              accept={FILE_ACCEPT}
              className="hidden"
              data-testid="audio-file-input"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
            <PlanRecordingNote />
          </div>
          <ConsentFields value={consent} onChange={setConsent} optional />
          {quotaMessage ? (
            <p
              role="alert"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-950/40 dark:text-amber-100"
            >
              {quotaMessage}
            </p>
          ) : null}
          {pending && progress > 0 && progress < 1 ? (
            <div
              className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800"
              role="progressbar"
              aria-valuenow={Math.round(progress * 100)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label="Upload progress"
            >
              <div className="h-full bg-indigo-600" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          ) : null}
          <DialogActions
            onCancel={() => close(false)}
            pending={pending}
            label="Upload & Process"
            pendingLabel="Processing..."
          />
        </form>
      </Modal>
      {/* Beside the upload form, not in it: React events bubble through portals, and its submit is not ours. */}
      <CreateClientDialog
        open={creatingClient}
        onOpenChange={setCreatingClient}
        onCreated={(client) => setClientId(String(client.id))}
      />
    </>
  );
}
