import type { ClientItem, MeetingDetail } from "@cm/api/models";
import { useEffect, useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import useSWR, { useSWRConfig } from "swr";
import { useLeaveGuard } from "../components/meetings/use-leave-guard";
import { type ConsentDraft, consentOf, EMPTY_CONSENT } from "../components/recorder/consent";
import { ConsentFields } from "../components/recorder/consent-fields";
import { LeaveRecordingDialog } from "../components/recorder/leave-recording-dialog";
import { pendingAudioMs, RecorderPanel, uploadLine } from "../components/recorder/recorder-panel";
import { useOnline } from "../components/recorder/use-online";
import { useRecordingFlow } from "../components/recorder/use-recording-flow";
import { SelectField } from "../components/ui/select-field";
import { TextField } from "../components/ui/text-field";
import { refreshMeetingLists } from "../lib/meeting-keys";

type Step = "details" | "consent" | "recording";

const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * "Record meeting": the client and title (from a planned meeting or a client when opened there), the consent, then the
 * microphone. Stop turns the recording into a meeting and opens its page, as an upload does.
 */
export default function RecordPage() {
  const [search] = useSearchParams();
  const plannedId = idParam(search.get("meetingId"));
  const { data: clients } = useSWR<ClientItem[]>("/api/clients");
  const { data: planned } = useSWR<MeetingDetail>(plannedId ? `/api/meetings/${plannedId}` : null);
  const [clientId, setClientId] = useState<string | null>(search.get("clientId"));
  const [title, setTitle] = useState("");
  const [consent, setConsent] = useState<ConsentDraft>(EMPTY_CONSENT);
  const [step, setStep] = useState<Step>("details");
  const [missing, setMissing] = useState<string | undefined>();
  const flow = useRecordingFlow();
  const online = useOnline();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const ids = { client: useId(), title: useId() };

  // Opened from a client's row: a title to start from, which the advisor may change.
  const fromClient = search.get("clientId");
  useEffect(() => {
    if (plannedId || !fromClient) return;
    const client = clients?.find((c) => String(c.id) === fromClient);
    if (client) setTitle((current) => current || `Meeting with ${client.name}`);
  }, [clients, fromClient, plannedId]);

  useEffect(() => {
    if (!planned) return;
    setClientId(String(planned.clientId));
    setTitle((current) => current || planned.title);
  }, [planned]);

  const live = flow.phase === "recording" || flow.phase === "paused" || flow.phase === "stopping";
  // Leaving while the microphone runs ends the recording: the browser (a reload) or the app (a link) asks first.
  const guard = useLeaveGuard(live);

  const finished = flow.upload?.kind === "finished" ? flow.upload.meetingId : null;
  useEffect(() => {
    if (finished === null || flow.phase !== "stopped") return;
    void refreshMeetingLists(mutate);
    void mutate("/api/stats");
    navigate(`/meetings/${finished}`);
  }, [finished, flow.phase, mutate, navigate]);

  function next(event: React.FormEvent) {
    event.preventDefault();
    if (!clientId || !title.trim()) {
      setMissing("Choose the client and give the meeting a title.");
      return;
    }
    setMissing(undefined);
    setStep("consent");
  }

  async function begin() {
    const confirmed = consentOf(consent);
    if (!confirmed || !clientId) return;
    const ok = await flow.start({
      title,
      clientId: Number(clientId),
      plannedMeetingId: plannedId,
      consent: confirmed,
    });
    if (ok) setStep("recording");
  }

  const pendingMs = pendingAudioMs(flow.elapsedMs, flow.pendingBytes, flow.totalBytes);
  const line = uploadLine(flow.upload, online, pendingMs);
  const options = (clients ?? []).map((c) => ({ label: c.name, value: String(c.id) }));

  return (
    <div className="mx-auto max-w-md space-y-5">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Record meeting</h1>
        <p className="text-slate-600 dark:text-slate-400">
          {step === "recording" ? title : "Record from this device's microphone; the notes are written from it."}
        </p>
      </div>
      {step === "details" ? (
        <form onSubmit={next} className="card space-y-4 p-5" noValidate>
          {clients ? (
            <SelectField
              id={ids.client}
              label="Select Client"
              placeholder="Select a client"
              options={options}
              value={clientId}
              onChange={setClientId}
            />
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">Loading clients...</p>
          )}
          <TextField id={ids.title} label="Meeting Title" value={title} onChange={setTitle} maxLength={300} />
          {missing ? (
            <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
              {missing}
            </p>
          ) : null}
          <button type="submit" className="btn-primary w-full py-3">
            Next
          </button>
        </form>
      ) : null}
      {step === "consent" ? (
        <div className="card space-y-4 p-5">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Before recording, confirm that everyone present agreed to be recorded.
          </p>
          <ConsentFields value={consent} onChange={setConsent} />
          {flow.error || flow.storageError ? (
            <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
              {flow.error ?? flow.storageError}
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            <button type="button" className="btn-secondary py-3" onClick={() => setStep("details")}>
              Back
            </button>
            <button
              type="button"
              className="btn-primary py-3"
              disabled={!consent.agreed || flow.phase === "starting"}
              onClick={begin}
            >
              {flow.phase === "starting" ? "Starting..." : "Start recording"}
            </button>
          </div>
        </div>
      ) : null}
      {step === "recording" && flow.phase !== "stopped" ? (
        <RecorderPanel
          phase={flow.phase}
          elapsedMs={flow.elapsedMs}
          level={flow.level}
          line={flow.storageError ? { tone: "error", text: flow.storageError } : line}
          onPause={flow.pause}
          onResume={flow.resume}
          onStop={() => void flow.stop()}
        />
      ) : null}
      {step === "recording" && flow.phase === "stopped" ? (
        <section className="card space-y-3 p-5" aria-label="Sending the recording">
          <p className="font-semibold">
            {line.tone === "ok" ? "Sending the last part of the recording..." : "The recording has stopped."}
          </p>
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
            {line.tone === "ok"
              ? "The meeting opens as soon as the server has it."
              : `${line.text} You can stay on this page or leave it: the upload continues the next time Clearminute is open in this browser.`}
          </p>
        </section>
      ) : null}
      <LeaveRecordingDialog
        open={guard.leaving !== null}
        onStay={guard.stay}
        onLeave={() => void flow.stop().then(guard.leave)}
      />
    </div>
  );
}
