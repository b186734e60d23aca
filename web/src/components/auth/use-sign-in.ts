import type { AuthState, PublicUser } from "@cm/api/models";
import { useNavigate, useSearchParams } from "react-router";
import { useSWRConfig } from "swr";
import { AUTH_KEY } from "../../lib/auth-context";
import { safeNextPath } from "./auth-errors";

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Finishes a sign-in: stores the user in the SWR auth entry and revalidates it (so guarded routes see
 * the session at once), then goes to `?next=` (a same-site path) or /dashboard, after `delayMs`.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { mutate } = useSWRConfig();
  const target = safeNextPath(params.get("next"));

  return async (user: PublicUser, delayMs = 0) => {
    const signedIn: AuthState = { authenticated: true, user };
    await Promise.all([mutate(AUTH_KEY, signedIn, { revalidate: true }).catch(() => undefined), wait(delayMs)]);
    navigate(target, { replace: true });
  };
}
