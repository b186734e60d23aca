import type { ClientItem, ClientPatchBody } from "@cm/api/models";
import { useId, useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../lib/api-request";
import { refreshMeetingLists } from "../../lib/meeting-keys";
import { toast } from "../../lib/toast";
import { useRefusalToast } from "../../lib/use-toast-while";
import { serverMessage } from "../auth/auth-errors";
import { limitRefusalMessage } from "../meetings/refusal-reason";
import { DialogActions, Modal } from "../ui/modal";
import { TextField } from "../ui/text-field";
import { looksLikeEmail } from "./email-shape";

/** The words shown when saving a client's changes fails, matched on the server's message like creation's. */
export function editClientErrorMessage(status: string): string {
  // A met limit (contact addresses, storage, creations a minute): the server's sentence says what to do.
  const limit = limitRefusalMessage(status);
  if (limit) return limit;
  const m = status.toLowerCase();
  if (m.includes("duplicate")) return "A client with this name already exists. Please use a different name.";
  if (m.startsWith("429")) return serverMessage(new Error(status));
  if (m.includes("validation")) return "Invalid client data. Please check all fields and try again.";
  if (m.includes("not found")) return "This client no longer exists. Please refresh the page.";
  if (m.includes("database")) return "Database error while saving the client. Please try again later.";
  return "Failed to save the client. Please try again.";
}

/** The addresses typed one per line (or separated by commas), blanks left out. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\n,;]/)
    .map((line) => line.trim())
    .filter(Boolean);
}

type Values = { name: string; type: string; emails: string };
type Errors = Partial<Record<keyof Values, string>>;

const valuesOf = (client: ClientItem): Values => ({
  name: client.name,
  type: client.type,
  emails: client.emails.join("\n"),
});

/** "Edit client": the client's name, type and contact addresses (PATCH /api/clients/{id}). */
export function EditClientDialog({
  client,
  open,
  onOpenChange,
}: {
  client: ClientItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { mutate } = useSWRConfig();
  const [values, setValues] = useState<Values>(() => valuesOf(client));
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const id = useId();
  const refused = useRefusalToast(`edit-client-refused-${client.id}`, JSON.stringify(values), open);
  const set = (key: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A field's error goes once the field changes: it no longer describes what is there.
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const emails = splitAddresses(values.emails);
    const wrong = emails.find((address) => !looksLikeEmail(address));
    const found: Errors = {
      name: values.name.trim() ? undefined : "Required",
      type: values.type.trim() ? undefined : "Required",
      emails: wrong ? `"${wrong}" is not an e-mail address` : undefined,
    };
    setErrors(found);
    if (found.name || found.type || found.emails) return;
    const body: ClientPatchBody = { name: values.name.trim(), type: values.type.trim(), emails };
    setPending(true);
    try {
      await apiRequest<ClientItem>("PATCH", `/api/clients/${client.id}`, body);
      toast({ title: "Client saved", description: `${body.name} was updated.` });
      // The name shows on meeting lists and tasks too.
      await Promise.all([mutate("/api/clients"), refreshMeetingLists(mutate)]);
      onOpenChange(false);
    } catch (error) {
      refused({
        title: "Error",
        description: editClientErrorMessage((error as Error).message),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Edit Client" description={client.name}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          id={`${id}name`}
          label="Client Name"
          placeholder="Enter client name"
          maxLength={200}
          value={values.name}
          onChange={set("name")}
          error={errors.name}
        />
        <TextField
          id={`${id}type`}
          label="Client Type"
          placeholder="E.g. Wealth Management, Legal Consultation"
          maxLength={100}
          value={values.type}
          onChange={set("type")}
          error={errors.type}
        />
        <div>
          <label htmlFor={`${id}emails`} className="label">
            Client E-mail addresses
          </label>
          <textarea
            id={`${id}emails`}
            className="input min-h-24"
            rows={3}
            value={values.emails}
            placeholder="client@example.com"
            aria-invalid={errors.emails ? true : undefined}
            aria-describedby={`${id}emails-hint${errors.emails ? ` ${id}emails-error` : ""}`}
            onChange={(event) => set("emails")(event.target.value)}
          />
          {errors.emails ? (
            <p
              id={`${id}emails-error`}
              role="alert"
              className="mt-1 text-sm font-medium text-red-600 dark:text-red-400"
            >
              {errors.emails}
            </p>
          ) : null}
          <p id={`${id}emails-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            One per line. Follow-up e-mails after a meeting go only to these addresses.
          </p>
        </div>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={pending}
          label="Save Changes"
          pendingLabel="Saving..."
        />
      </form>
    </Modal>
  );
}
