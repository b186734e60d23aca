import type { AccountSettings, ClientItem } from "@cm/api/models";
import useSWR from "swr";
import { AuditTrail } from "../components/records/audit-trail";
import { DeleteAccount } from "../components/records/delete-account";
import { LegalHolds } from "../components/records/legal-holds";
import { RecordsExports } from "../components/records/records-exports";
import { RetentionSettings } from "../components/records/retention-settings";
import { ACCOUNT_SETTINGS_KEY } from "../lib/account-keys";

/** /account: how long records are kept, legal holds, exports, the audit trail, and erasing the account. */
export default function AccountPage() {
  const { data: settings, error } = useSWR<AccountSettings>(ACCOUNT_SETTINGS_KEY);
  const { data: clients } = useSWR<ClientItem[]>("/api/clients");
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Account</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Your records: how long they are kept, what is on hold, and how to take them out.
        </p>
      </div>
      {error ? (
        <p role="alert" className="card p-5 text-sm text-red-700 dark:text-red-300">
          The account's settings could not be loaded. Please reload the page.
        </p>
      ) : settings ? (
        <>
          <RetentionSettings key={settings.retentionPreset} settings={settings} />
          <LegalHolds holds={settings.legalHolds} clients={clients ?? []} />
        </>
      ) : null}
      <RecordsExports clients={clients ?? []} />
      <AuditTrail />
      <DeleteAccount />
    </div>
  );
}
