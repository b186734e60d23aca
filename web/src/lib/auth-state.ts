import { createContext, useContext } from "react";

export interface AuthView {
  authenticated: boolean;
  /** The first GET /api/auth/user has not answered yet. */
  loading: boolean;
}

/**
 * Whether the user is signed in, for the pages that also render without the data layer (lib/data-layer.tsx,
 * which fills it from SWR): the landing page is served only to visitors (the server sends a signed-in user's
 * full load of "/" to the dashboard), so it hydrates without SWR, as "not signed in".
 */
export const AuthStateContext = createContext<AuthView>({ authenticated: false, loading: false });

export function useAuthState(): AuthView {
  return useContext(AuthStateContext);
}
