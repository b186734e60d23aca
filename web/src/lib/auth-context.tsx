import type { AuthState, PublicUser } from "@cm/api/models";
import useSWR from "swr";
import { fetchJson } from "./api-request";

export const AUTH_KEY = "/api/auth/user";

/** The signed-in user, read from GET /api/auth/user (server-rendered pages pass it as SWR fallback). */
export function useAuth() {
  const { data, isLoading, mutate } = useSWR<AuthState>(AUTH_KEY, fetchJson, { shouldRetryOnError: false });
  return {
    authenticated: data?.authenticated ?? false,
    user: data?.user ?? null,
    loading: isLoading && !data,
    refresh: () => mutate(),
  };
}

/** Display-name rule of the spec: full name, else first plus last, else username, else "User". */
export function displayName(user: Pick<PublicUser, "fullName" | "firstName" | "lastName" | "username"> | null): string {
  if (!user) return "User";
  if (user.fullName?.trim()) return user.fullName.trim();
  const parts = [user.firstName, user.lastName].filter((p) => p?.trim()).join(" ");
  if (parts) return parts;
  return user.username?.trim() || "User";
}
