import { describeAddStep } from "./follow-up-recipients";

/**
 * The deliberate step before a follow-up goes to someone new: names each address that is not yet one of the
 * client's contacts and asks to add it (the server caps how many new addresses an account adds a day).
 */
export function AddContactsStep({
  addresses,
  clientName,
  pending,
  onConfirm,
  onBack,
}: {
  addresses: string[];
  clientName: string;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <section
      aria-label="New recipients"
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800 dark:border-amber-700 dark:bg-amber-950 dark:text-slate-100"
    >
      <p>
        {addresses.length === 1 ? "This address is" : "These addresses are"} not among {clientName}'s contacts yet.
        Follow-ups go only to a client's contacts and to you.
      </p>
      <ul className="list-disc pl-5 font-mono">
        {addresses.map((address) => (
          <li key={address}>{address}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onBack} disabled={pending}>
          Back
        </button>
        <button type="button" className="btn-primary" onClick={onConfirm} disabled={pending}>
          {pending ? "Sending..." : describeAddStep(addresses, clientName)}
        </button>
      </div>
    </section>
  );
}
