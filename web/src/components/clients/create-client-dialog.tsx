import type { ClientItem } from "@cm/api/models";
import { useId, useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";
import { Modal } from "../ui/modal";

export function createClientErrorMessage(message: string): string {
  const m = message.toLowerCase();
  if (m.includes("duplicate")) return "A client with this name already exists. Please use a different name.";
  if (m.includes("validation")) return "Invalid client data. Please check all fields and try again.";
  if (m.includes("database")) return "Database error while creating client. Please try again later.";
  return "Failed to create client. Please try again.";
}

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
  const [name, setName] = useState("");
  const [type, setType] = useState("");
  const [errors, setErrors] = useState<{ name?: string; type?: string }>({});
  const [pending, setPending] = useState(false);
  const ids = { name: useId(), type: useId() };

  function close(next: boolean) {
    if (!next) {
      setName("");
      setType("");
      setErrors({});
    }
    onOpenChange(next);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = { name: name.trim() ? undefined : "Required", type: type.trim() ? undefined : "Required" };
    setErrors(found);
    if (found.name || found.type) return;
    setPending(true);
    try {
      const client = await apiRequest<ClientItem>("POST", "/api/clients", { name: name.trim(), type: type.trim() });
      toast({ title: "Success", description: "Client created successfully" });
      await mutate("/api/clients");
      close(false);
      if (client && typeof client.id === "number") onCreated?.(client);
    } catch (error) {
      toast({
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
        <div>
          <label className="label" htmlFor={ids.name}>
            Client Name
          </label>
          <input
            id={ids.name}
            className="input"
            placeholder="Enter client name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={200}
            aria-invalid={Boolean(errors.name)}
          />
          {errors.name ? <p className="mt-1 text-sm text-red-600 dark:text-red-400">{errors.name}</p> : null}
        </div>
        <div>
          <label className="label" htmlFor={ids.type}>
            Client Type
          </label>
          <input
            id={ids.type}
            className="input"
            placeholder="E.g. Wealth Management, Legal Consultation"
            value={type}
            onChange={(e) => setType(e.target.value)}
            maxLength={100}
            aria-invalid={Boolean(errors.type)}
          />
          {errors.type ? <p className="mt-1 text-sm text-red-600 dark:text-red-400">{errors.type}</p> : null}
        </div>
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={() => close(false)} disabled={pending}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? "Creating..." : "Create Client"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
