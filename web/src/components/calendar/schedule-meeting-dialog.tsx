import type { ClientItem } from "@cm/api/models";
import { format } from "date-fns";
import { useEffect, useId, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { CLOCK_TIME_ERROR, CLOCK_TIME_HINT, parseClockTime } from "../../lib/clock-time";
import { toast } from "../../lib/toast";
import { useRefusalToast, useToastWhile } from "../../lib/use-toast-while";
import { DialogActions, Modal } from "../ui/modal";
import { SelectField } from "../ui/select-field";
import { TextField } from "../ui/text-field";
import { localInstant, scheduleErrorMessage, scheduleMeeting } from "./schedule-request";

const MISSING_KEY = "schedule-missing";

/** "Schedule New Meeting": client, title, day and time of a planned meeting, which later takes the recording. */
export function ScheduleMeetingDialog({
  open,
  onOpenChange,
  initialDate,
  onScheduled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** yyyy-MM-dd: the calendar's selected day. */
  initialDate: string;
  onScheduled: (day: Date) => void;
}) {
  const { data: clients, isLoading } = useSWR<ClientItem[]>(open ? "/api/clients" : null);
  const { mutate } = useSWRConfig();
  const [clientId, setClientId] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [date, setDate] = useState(initialDate);
  const [time, setTime] = useState("10:00");
  const [timeError, setTimeError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const ids = { client: useId(), title: useId(), date: useId(), time: useId() };
  const missing = !clientId || !title.trim() || !date || !time;
  useToastWhile(MISSING_KEY, open && missing);
  const refused = useRefusalToast("schedule-refused", JSON.stringify([clientId, title, date, time]), open);

  useEffect(() => {
    if (open) setDate(initialDate);
  }, [open, initialDate]);

  function close(next: boolean) {
    if (pending) return;
    if (!next) {
      setClientId(null);
      setTitle("");
      setTime("10:00");
      setTimeError(undefined);
    }
    onOpenChange(next);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (missing) {
      toast({
        key: MISSING_KEY,
        title: "Missing information",
        description: "Please fill out all fields before scheduling.",
        variant: "destructive",
      });
      return;
    }
    const clock = parseClockTime(time);
    if (!clock) {
      setTimeError(CLOCK_TIME_ERROR);
      return;
    }
    setPending(true);
    try {
      const when = localInstant(date, clock);
      await scheduleMeeting(mutate, { clientId: Number(clientId), title: title.trim(), date: when });
      toast({
        title: "Meeting scheduled",
        description: `${title.trim()} is on the calendar for ${format(new Date(when), "MMMM d, yyyy 'at' HH:mm")}.`,
      });
      setPending(false);
      onScheduled(new Date(when));
      close(false);
    } catch (error) {
      setPending(false);
      refused({
        title: "Scheduling failed",
        description: scheduleErrorMessage((error as Error).message),
        variant: "destructive",
      });
    }
  }

  const options = (clients ?? []).map((c) => ({ label: c.name, value: String(c.id) }));
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Schedule New Meeting"
      description="Plan a meeting with a client. Upload its recording from the calendar when it has taken place."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {isLoading ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Loading clients...</p>
        ) : clients?.length === 0 ? (
          <p className="rounded-lg border border-dashed border-indigo-300 bg-indigo-50 p-3 text-sm text-indigo-900 dark:border-indigo-500/40 dark:bg-indigo-950/40 dark:text-indigo-100">
            Add a client first on the Clients page: every meeting belongs to a client.
          </p>
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
            label="Meeting Time"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            placeholder="HH:mm"
            hint={CLOCK_TIME_HINT}
            value={time}
            onChange={(value) => {
              setTime(value);
              setTimeError(undefined);
            }}
            error={timeError}
          />
        </div>
        <DialogActions onCancel={() => close(false)} pending={pending} label="Schedule" pendingLabel="Scheduling..." />
      </form>
    </Modal>
  );
}
