import type { AccountSettings } from "@cm/api/models";
import useSWR from "swr";
import { ACCOUNT_SETTINGS_KEY } from "../../lib/account-keys";

/** The upload dialog says what the plan does to recordings (Basic 30 days, Premium 90), as /checkout promises. */
export function PlanRecordingNote() {
  const { data } = useSWR<AccountSettings>(ACCOUNT_SETTINGS_KEY);
  if (!data?.planRecordingDays) return null;
  return (
    <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
      Your plan keeps recordings {data.planRecordingDays} days; then the recording is deleted, and its transcript, notes
      and summary stay.
    </p>
  );
}
