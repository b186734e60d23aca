import { useState } from "react";
import { apiRequest } from "../../lib/api-request";
import { readMessage } from "./retention-settings";

/**
 * Erasing the account with its password: everything of it goes. The server refuses while a schedule or a legal
 * hold keeps records, and says until when.
 */
export function DeleteAccount() {
  const [password, setPassword] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function erase() {
    setBusy(true);
    setError(null);
    try {
      await apiRequest("DELETE", "/api/account", { password });
      window.location.assign("/");
    } catch (failure) {
      setError(readMessage((failure as Error).message.replace(/^\d+: /, "")));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card space-y-4 border-red-200 p-5 dark:border-red-900" aria-labelledby="erase-title">
      <div>
        <h2 id="erase-title" className="text-lg font-semibold">
          Delete your account
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Deletes every client, meeting, recording, transcript, note and e-mail of the account, and its audit trail.
          Download your records first: this cannot be undone.
        </p>
      </div>
      <label className="block max-w-sm">
        <span className="label">Your password</span>
        <input
          className="input"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">Delete the account and everything in it?</span>
          <button type="button" className="btn-danger" onClick={erase} disabled={busy}>
            {busy ? "Deleting..." : "Yes, delete it"}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)} disabled={busy}>
            Keep my account
          </button>
        </div>
      ) : (
        <button type="button" className="btn-danger" disabled={!password} onClick={() => setConfirming(true)}>
          Delete account
        </button>
      )}
    </section>
  );
}
