import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { isSignOutRequest, useSignOut } from "../lib/sign-out";
import { countUnsentRecordings } from "../lib/unsent-recordings";

function SigningOut() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 text-slate-600 dark:text-slate-300">
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600"
      />
      <p className="text-sm font-medium">Signing out...</p>
    </div>
  );
}

/** Recordings still on this device would be deleted by signing out: the advisor chooses, nothing goes silently. */
function UnsentRecordings({ count, onStay, onSignOut }: { count: number; onStay: () => void; onSignOut: () => void }) {
  const recordings = count === 1 ? "1 recording on this device has" : `${count} recordings on this device have`;
  return (
    <div
      role="alertdialog"
      aria-labelledby="unsent-title"
      aria-describedby="unsent-text"
      className="mx-4 flex max-w-md flex-col gap-4 rounded-lg border border-amber-300 bg-white p-6 shadow-sm dark:border-amber-700 dark:bg-slate-900"
    >
      <h1 id="unsent-title" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        Recordings not uploaded yet
      </h1>
      <p id="unsent-text" className="text-sm text-slate-700 dark:text-slate-300">
        {recordings} not reached the server yet. Signing out deletes {count === 1 ? "it" : "them"} from this device.
        Stay signed in until the upload finishes to keep {count === 1 ? "it" : "them"}.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onSignOut}>
          Sign out and delete {count === 1 ? "it" : "them"}
        </button>
        <button type="button" className="btn-primary" onClick={onStay}>
          Stay signed in
        </button>
      </div>
    </div>
  );
}

/**
 * /logout. Opened by the app's own Log out button it signs out at once ("Signing out...", then /login). Opened any
 * other way (a link, another site sending the browser here) it only offers a Sign out button: arriving must not
 * sign anyone out, or any site could do it. Either way, recordings still waiting on this device are named first.
 */
export default function LogoutPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromApp = isSignOutRequest(location.state);
  const { signingOut, signOut } = useSignOut();
  const [checking, setChecking] = useState(fromApp);
  const [unsent, setUnsent] = useState(0);
  const started = useRef(false);

  const askThenSignOut = useCallback(async () => {
    setChecking(true);
    const count = await countUnsentRecordings();
    setChecking(false);
    if (count > 0) setUnsent(count);
    else void signOut();
  }, [signOut]);

  useEffect(() => {
    if (!fromApp || started.current) return;
    started.current = true;
    void askThenSignOut();
  }, [fromApp, askThenSignOut]);

  let content = (
    <button type="button" className="btn-primary" onClick={() => void askThenSignOut()}>
      Sign out
    </button>
  );
  if (unsent > 0 && !signingOut) {
    content = <UnsentRecordings count={unsent} onStay={() => navigate("/", { replace: true })} onSignOut={signOut} />;
  } else if (checking || signingOut || fromApp) {
    content = <SigningOut />;
  }
  return <div className="flex min-h-screen items-center justify-center bg-slate-50 dark:bg-slate-950">{content}</div>;
}
