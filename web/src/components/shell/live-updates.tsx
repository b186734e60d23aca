import { useAuth } from "../../lib/auth-context";
import { useLiveUpdates } from "../../lib/use-live-updates";

/** Keeps what signed-in pages show current (GET /api/live); renders nothing. */
export function LiveUpdates() {
  const { authenticated } = useAuth();
  useLiveUpdates(authenticated);
  return null;
}
