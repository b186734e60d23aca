import { Navigate } from "react-router";
import { useAuthState } from "../lib/auth-state";
import LandingPage from "./landing-page";

/**
 * "/" shows the landing page to visitors and the dashboard to signed-in users. The server redirects a
 * full load; in-app navigation to "/" (after deleting a meeting, "Return to Dashboard") is redirected here.
 */
export default function HomePage() {
  const { authenticated } = useAuthState();
  if (authenticated) return <Navigate to="/dashboard" replace />;
  return <LandingPage />;
}
