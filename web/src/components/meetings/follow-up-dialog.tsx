import type { FollowUpDraft, FollowUpSent } from "@cm/api/models";
import { useEffect, useId, useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";
import { useRefusalToast } from "../../lib/use-toast-while";
import { DialogActions, Modal } from "../ui/modal";
import { TextField } from "../ui/text-field";
import { AddContactsStep } from "./add-contacts-step";
import { FollowUpPreview } from "./follow-up-preview";
import { findNewRecipients, splitRecipients } from "./follow-up-recipients";
import { limitRefusalMessage } from "./refusal-reason";

/** The server's limits, checked here first so the advisor sees them before sending. */
const MAX_RECIPIENTS = 10;
const MAX_BODY_BYTES = 50 * 1024;

/** What the toast says when sending fails: the server's message when it has one. */
export function followUpErrorMessage(message: string): string {
  const limit = limitRefusalMessage(message);
  if (limit) return limit;
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
 * "Draft follow-up": the draft the server made from the meeting (to the client's contacts), editable, then sent. A
 * recipient who is not yet one of the client's contacts (nor the advisor) is first added to them, on the advisor's
 * confirmation. Closing keeps nothing; a failed send keeps the dialog open with the text as edited.
 */
export function FollowUpDialog({
  meetingId,
  client,
  draft,
  open,
  onOpenChange,
  onSent,
  advisorName,
  notice,
}: {
  meetingId: number;
  /** Said above the e-mail: that the notes are not reviewed yet, with the review one click away. */
  notice?: React.ReactNode;
  /** Who signs the e-mail, as its footer names them in the preview. */
  advisorName: string;
  /** The meeting's client: new recipients are added to its contacts. */
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
  /** The addresses awaiting the advisor's "add to contacts" confirmation; null while editing. */
  const [newRecipients, setNewRecipients] = useState<string[] | null>(null);
  // A refusal is about the e-mail as sent: it goes once the e-mail is changed or the dialog closes.
  const refused = useRefusalToast("follow-up-refused", JSON.stringify([to, subject, body]), open);

  // Each opening starts from the server's draft.
  useEffect(() => {
    if (!open || !draft) return;
    setTo(draft.to.join(", "));
    setSubject(draft.subject);
    setBody(draft.body);
    setErrors({});
    setNewRecipients(null);
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
    if (found.to || found.subject || found.body || !draft) return;
    const unknown = findNewRecipients(recipients, draft);
    if (unknown.length > 0) {
      setNewRecipients(unknown);
      return;
    }
    await send(recipients);
  }

  /** Adds the confirmed addresses to the client's contacts, then sends; a refusal (the daily cap) stops here. */
  async function addContactsAndSend() {
    if (!newRecipients) return;
    setPending(true);
    try {
      for (const address of newRecipients) {
        await apiRequest("POST", `/api/clients/${client.id}/emails`, { email: address });
      }
      await mutate("/api/clients");
    } catch (error) {
      refused({
        title: "Contact not added",
        description: followUpErrorMessage((error as Error).message),
        variant: "destructive",
      });
      setPending(false);
      return;
    }
    setNewRecipients(null);
    await send(splitRecipients(to));
  }

  async function send(recipients: string[]) {
    setPending(true);
    try {
      const sent = await apiRequest<FollowUpSent>("POST", `/api/meetings/${meetingId}/follow-up`, {
        to: recipients,
        subject: subject.trim(),
        body,
      });
      toast({ title: "Follow-up sent", description: `Sent to ${sent.to.join(", ")}.` });
      onSent(sent);
      onOpenChange(false);
    } catch (error) {
      refused({
        title: "Follow-up not sent",
        description: followUpErrorMessage((error as Error).message),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Draft follow-up"
      wide
      description="Review and edit the e-mail to your client. Replies come back to your own address."
    >
      {notice ? <div className="mb-4">{notice}</div> : null}
      {draft ? (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextField
            id={`${idPrefix}to`}
            label="To"
            type="text"
            inputMode="email"
            autoComplete="off"
            placeholder="client@example.com"
            hint={`Separate several addresses with commas (at most 10). New addresses are added to ${client.name}'s contacts.`}
            value={to}
            onChange={(value) => {
              setTo(value);
              setNewRecipients(null);
            }}
            error={errors.to}
          />
          <TextField
            id={`${idPrefix}subject`}
            label="Subject"
            maxLength={300}
            value={subject}
            onChange={setSubject}
            error={errors.subject}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <div>
              <label htmlFor={`${idPrefix}body`} className="label">
                Message
              </label>
              <textarea
                id={`${idPrefix}body`}
                className="input min-h-96 font-mono text-sm"
                value={body}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={errors.body ? `${idPrefix}body-error` : `${idPrefix}body-hint`}
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
              ) : (
                <p id={`${idPrefix}body-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  "## " starts a heading, "- " a list item, **two stars** make bold text.
                </p>
              )}
            </div>
            <div>
              <p className="label" aria-hidden="true">
                Preview
              </p>
              <FollowUpPreview subject={subject} body={body} advisorName={advisorName} />
            </div>
          </div>
          {newRecipients ? (
            <AddContactsStep
              addresses={newRecipients}
              clientName={client.name}
              pending={pending}
              onConfirm={addContactsAndSend}
              onBack={() => setNewRecipients(null)}
            />
          ) : (
            <DialogActions
              onCancel={() => onOpenChange(false)}
              pending={pending}
              label="Send"
              pendingLabel="Sending..."
            />
          )}
        </form>
      ) : (
        <div className="flex h-40 items-center justify-center" role="status" aria-label="Loading draft">
          <div className="h-6 w-6 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-600" />
        </div>
      )}
    </Modal>
  );
}
