import type { ActionItemTask, NewActionItemBody } from "@cm/api/models";
import { useId, useState } from "react";
import { useSWRConfig } from "swr";
import { refreshActionItemLists } from "../../lib/action-items";
import { apiRequest } from "../../lib/api-request";
import { refreshMeetingLists } from "../../lib/meeting-keys";
import { toast } from "../../lib/toast";
import { useRefusalToast } from "../../lib/use-toast-while";
import { serverMessage } from "../auth/auth-errors";
import { limitRefusalMessage } from "../meetings/refusal-reason";
import { DialogActions, Modal } from "../ui/modal";
import { TaskFields, type TaskValues } from "./task-fields";

/** Where a hand-added task goes: one meeting (it joins the meeting's action items) or one client alone. */
export type TaskTarget = { meetingId: number; label: string } | { clientId: number; label: string };

const NO_VALUES: TaskValues = { task: "", assignee: "", dueDate: "" };

/** "Add task": a task written by the advisor (POST /api/action-items) for a meeting or a client. */
export function AddTaskDialog({
  target,
  open,
  onOpenChange,
}: {
  target: TaskTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { mutate } = useSWRConfig();
  const [values, setValues] = useState<TaskValues>(NO_VALUES);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const id = useId();
  const refused = useRefusalToast("add-task-refused", JSON.stringify(values), open);

  function close(next: boolean) {
    if (!next) {
      setValues(NO_VALUES);
      setError(undefined);
    }
    onOpenChange(next);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!values.task.trim()) {
      setError("Required");
      return;
    }
    const body: NewActionItemBody = {
      ...("meetingId" in target ? { meetingId: target.meetingId } : { clientId: target.clientId }),
      task: values.task.trim(),
      assignee: values.assignee.trim(),
      dueDate: values.dueDate || null,
    };
    setPending(true);
    try {
      await apiRequest<ActionItemTask>("POST", "/api/action-items", body);
      toast({ title: "Task added", description: body.task });
      await Promise.all([
        refreshActionItemLists(mutate),
        "meetingId" in target ? mutate(`/api/meetings/${target.meetingId}`) : null,
        "meetingId" in target ? refreshMeetingLists(mutate) : null,
      ]);
      close(false);
    } catch (err) {
      refused({
        title: "Could not add the task",
        description: limitRefusalMessage(err) ?? serverMessage(err),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={close} title="Add task" description={`For ${target.label}`}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TaskFields
          id={id}
          values={values}
          taskError={error}
          onChange={(next) => {
            setValues(next);
            if (next.task.trim()) setError(undefined);
          }}
        />
        <DialogActions onCancel={() => close(false)} pending={pending} label="Add task" pendingLabel="Adding..." />
      </form>
    </Modal>
  );
}
