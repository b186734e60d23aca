import type { AuthState } from "@cm/api/models";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useSWRConfig } from "swr";
import { apiRequest } from "../lib/api-request";
import { AUTH_KEY } from "../lib/auth-context";

const SIGNED_OUT: AuthState = { authenticated: false, user: null };

/** /logout: ends the session on the server, clears the cached auth state and goes to /login. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await apiRequest("GET", "/api/logout");
      } catch {
        // Even if the server call fails, the browser forgets the user and shows the sign-in page.
      }
      await mutate(AUTH_KEY, SIGNED_OUT, { revalidate: false });
      navigate("/login", { replace: true });
    })();
  }, [mutate, navigate]);

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 dark:bg-slate-950">
      <div role="status" className="flex flex-col items-center gap-3 text-slate-600 dark:text-slate-300">
        <span
          aria-hidden="true"
          className="h-8 w-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600"
        />
        <p className="text-sm font-medium">Signing out...</p>
      </div>
    </div>
  );
}
