import type { FollowUpDraft, FollowUpSent } from "@cm/api/models";
import { useEffect, useId, useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";
import { DialogActions, Modal } from "../ui/modal";
import { TextField } from "../ui/text-field";

/** The server's limits, checked here first so the advisor sees them before sending. */
const MAX_RECIPIENTS = 10;
const MAX_BODY_BYTES = 50 * 1024;

/** "a@x.com, b@y.com; c@z.com" → the addresses, in order. */
export function splitRecipients(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** What the toast says when sending fails: the server's message when it has one. */
export function followUpErrorMessage(message: string): string {
  const text = message.replace(/^\d+:\s*/, "");
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === "string") return parsed.message.replace(/^validation failed: /, "");
  } catch {
    // not JSON: a network failure or a proxy's page
  }
  return "The follow-up e-mail could not be sent. Please try again.";
}

/**
 * "Draft follow-up": the draft the server made from the meeting (to the client's address when it has one), editable,
 * then sent. Closing keeps nothing; a failed send keeps the dialog open with the text as edited.
 */
export function FollowUpDialog({
  meetingId,
  client,
  draft,
  open,
  onOpenChange,
  onSent,
}: {
  meetingId: number;
  /** The meeting's client: without an address of its own, the one typed here can be kept as its default. */
  client: { id: number; name: string };
  draft: FollowUpDraft | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: (sent: FollowUpSent) => void;
}) {
  const idPrefix = useId();
  const { mutate } = useSWRConfig();
  const [to, setTo] = useState("");
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<{ to?: string; subject?: string; body?: string }>({});
  const [pending, setPending] = useState(false);
  const [saveAddress, setSaveAddress] = useState(false);
  const clientHasAddress = Boolean(draft && draft.to.length > 0);

  // Each opening starts from the server's draft.
  useEffect(() => {
    if (!open || !draft) return;
    setTo(draft.to.join(", "));
    setSubject(draft.subject);
    setBody(draft.body);
    setErrors({});
    setSaveAddress(false);
  }, [open, draft]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const recipients = splitRecipients(to);
    const found = {
      to:
        recipients.length === 0
          ? "Add at least one recipient"
          : recipients.length > MAX_RECIPIENTS
            ? `At most ${MAX_RECIPIENTS} recipients`
            : undefined,
      subject: subject.trim() ? undefined : "Required",
      body: !body.trim()
        ? "Required"
        : new TextEncoder().encode(body).length > MAX_BODY_BYTES
          ? "The e-mail is longer than 50 KB; please shorten it"
          : undefined,
    };
    setErrors(found);
    if (found.to || found.subject || found.body) return;
    setPending(true);
    try {
      const sent = await apiRequest<FollowUpSent>("POST", `/api/meetings/${meetingId}/follow-up`, {
        to: recipients,
        subject: subject.trim(),
        body,
      });
      toast({ title: "Follow-up sent", description: `Sent to ${sent.to.join(", ")}.` });
      if (saveAddress && sent.to[0]) await keepClientAddress(sent.to[0]);
      onSent(sent);
      onOpenChange(false);
    } catch (error) {
      toast({
        title: "Follow-up not sent",
        description: followUpErrorMessage((error as Error).message),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  /** Saves the first recipient as the client's address; the e-mail is already sent, so a failure only says so. */
  async function keepClientAddress(address: string) {
    try {
      await apiRequest("PATCH", `/api/clients/${client.id}`, { email: address });
      await mutate("/api/clients");
    } catch {
      toast({
        title: "Follow-up sent",
        description: `The e-mail was sent, but ${address} could not be saved for ${client.name}.`,
        variant: "destructive",
      });
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Draft follow-up"
      description="Review and edit the e-mail to your client. Replies come back to your own address."
    >
      {draft ? (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextField
            id={`${idPrefix}to`}
            label="To"
            type="text"
            inputMode="email"
            autoComplete="off"
            placeholder="client@example.com"
            hint="Separate several addresses with commas (at most 10)."
            value={to}
            onChange={setTo}
            error={errors.to}
          />
          {clientHasAddress ? null : (
            <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-indigo-600"
                checked={saveAddress}
                onChange={(event) => setSaveAddress(event.target.checked)}
              />
              Save the first address as {client.name}'s e-mail
            </label>
          )}
          <TextField
            id={`${idPrefix}subject`}
            label="Subject"
            maxLength={300}
            value={subject}
            onChange={setSubject}
            error={errors.subject}
          />
          <div>
            <label htmlFor={`${idPrefix}body`} className="label">
              Message
            </label>
            <textarea
              id={`${idPrefix}body`}
              className="input min-h-64 font-mono text-sm"
              value={body}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? `${idPrefix}body-error` : undefined}
              onChange={(event) => setBody(event.target.value)}
            />
            {errors.body ? (
              <p
                id={`${idPrefix}body-error`}
                role="alert"
                className="mt-1 text-sm font-medium text-red-600 dark:text-red-400"
              >
                {errors.body}
              </p>
            ) : null}
          </div>
          <DialogActions
            onCancel={() => onOpenChange(false)}
            pending={pending}
            label="Send"
            pendingLabel="Sending..."
          />
        </form>
      ) : (
        <div className="flex h-40 items-center justify-center" role="status" aria-label="Loading draft">
          <div className="h-6 w-6 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-600" />
        </div>
      )}
    </Modal>
  );
}
