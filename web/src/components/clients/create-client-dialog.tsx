import type { ClientItem } from "@cm/api/models";
import { useId, useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";
import { useRefusalToast } from "../../lib/use-toast-while";
import { limitRefusalMessage } from "../meetings/refusal-reason";
import { DialogActions, Modal } from "../ui/modal";
import { TextField } from "../ui/text-field";
import { looksLikeEmail } from "./email-shape";

/** The spec's texts by what the server's message contains; a met limit (not a case of the spec) says its sentence. */
export function createClientErrorMessage(message: string): string {
  const limit = limitRefusalMessage(message);
  if (limit) return limit;
  const m = message.toLowerCase();
  if (m.includes("duplicate")) return "A client with this name already exists. Please use a different name.";
  if (m.includes("validation")) return "Invalid client data. Please check all fields and try again.";
  if (m.includes("database")) return "Database error while creating client. Please try again later.";
  return "Failed to create client. Please try again.";
}

type ClientField = "name" | "type" | "email";

const NO_VALUES: Record<ClientField, string> = { name: "", type: "", email: "" };

const FIELDS: {
  key: ClientField;
  label: string;
  placeholder: string;
  maxLength: number;
  type?: string;
  hint?: string;
}[] = [
  { key: "name", label: "Client Name", placeholder: "Enter client name", maxLength: 200 },
  { key: "type", label: "Client Type", placeholder: "E.g. Wealth Management, Legal Consultation", maxLength: 100 },
  {
    key: "email",
    label: "Client E-mail (optional)",
    placeholder: "client@example.com",
    maxLength: 254,
    type: "email",
    hint: "Follow-up e-mails after a meeting go here.",
  },
];

export function CreateClientDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the new client once the list has refreshed (the upload modal selects it). */
  onCreated?: (client: ClientItem) => void;
}) {
  const { mutate } = useSWRConfig();
  const [values, setValues] = useState<Record<ClientField, string>>(NO_VALUES);
  const [errors, setErrors] = useState<Partial<Record<ClientField, string>>>({});
  const [pending, setPending] = useState(false);
  const idPrefix = useId();
  // A refusal (a duplicate name) is about what was sent: it goes once the entry changes or the dialog closes.
  const refused = useRefusalToast("create-client-refused", JSON.stringify(values), open);

  function close(next: boolean) {
    if (!next) {
      setValues(NO_VALUES);
      setErrors({});
    }
    onOpenChange(next);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const email = values.email.trim();
    const body = { name: values.name.trim(), type: values.type.trim(), ...(email ? { emails: [email] } : {}) };
    const found = {
      name: body.name ? undefined : "Required",
      type: body.type ? undefined : "Required",
      email: !email || looksLikeEmail(email) ? undefined : "Enter a valid e-mail address",
    };
    setErrors(found);
    if (found.name || found.type || found.email) return;
    setPending(true);
    try {
      const client = await apiRequest<ClientItem>("POST", "/api/clients", body);
      toast({ title: "Success", description: "Client created successfully" });
      await mutate("/api/clients");
      close(false);
      if (client && typeof client.id === "number") onCreated?.(client);
    } catch (error) {
      refused({
        title: "Error",
        description: createClientErrorMessage((error as Error).message),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={close} title="Create New Client">
      <form onSubmit={submit} className="space-y-4" noValidate>
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            id={`${idPrefix}${field.key}`}
            label={field.label}
            placeholder={field.placeholder}
            maxLength={field.maxLength}
            type={field.type}
            hint={field.hint}
            value={values[field.key]}
            onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
            error={errors[field.key]}
          />
        ))}
        <DialogActions
          onCancel={() => close(false)}
          pending={pending}
          label="Create Client"
          pendingLabel="Creating..."
        />
      </form>
    </Modal>
  );
}
