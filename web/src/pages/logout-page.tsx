import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isSignOutRequest, useSignOut } from "../lib/sign-out";

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

/**
 * /logout. Opened by the app's own Log out button it signs out at once ("Signing out...", then /login). Opened any
 * other way (a link, another site sending the browser here) it only offers a Sign out button: arriving must not
 * sign anyone out, or any site could do it.
 */
export default function LogoutPage() {
  const location = useLocation();
  const fromApp = isSignOutRequest(location.state);
  const { signingOut, signOut } = useSignOut();
  const started = useRef(false);

  useEffect(() => {
    if (!fromApp || started.current) return;
    started.current = true;
    void signOut();
  }, [fromApp, signOut]);

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 dark:bg-slate-950">
      {fromApp || signingOut ? (
        <SigningOut />
      ) : (
        <button type="button" className="btn-primary" onClick={() => void signOut()}>
          Sign out
        </button>
      )}
    </div>
  );
}
