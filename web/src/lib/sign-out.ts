import type { AuthState } from "@cm/api/models";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useSWRConfig } from "swr";
import { readStoredTheme, setTheme } from "../components/theme/use-theme";
import { apiRequest } from "./api-request";
import { AUTH_KEY } from "./auth-context";

const SIGNED_OUT: AuthState = { authenticated: false, user: null };

/**
 * The history state the app's own sign-out buttons open /logout with. Another site can send a browser to /logout
 * but cannot set its history state, so only a click in the app signs out on arrival.
 */
export const SIGN_OUT_NOW = { signOut: true } as const;

/** Whether /logout was opened by the app's own sign-out button (see SIGN_OUT_NOW). */
export const isSignOutRequest = (state: unknown) =>
  typeof state === "object" && state !== null && (state as { signOut?: unknown }).signOut === true;

/**
 * Signing out: POST /api/logout (a write, so the server's origin guard checks it), then the cached auth state is
 * cleared and the browser goes to /login. `signingOut` is true from the click on. The answer's Clear-Site-Data
 * empties the site's storage; the theme is the device's choice, not the account's, so it is written back.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useCallback(async () => {
    setSigningOut(true);
    const theme = readStoredTheme();
    try {
      await apiRequest("POST", "/api/logout");
    } catch {
      // Even if the server call fails, the browser forgets the user and shows the sign-in page.
    }
    setTheme(theme);
    await mutate(AUTH_KEY, SIGNED_OUT, { revalidate: false });
    navigate("/login", { replace: true });
  }, [mutate, navigate]);
  return { signingOut, signOut };
}
