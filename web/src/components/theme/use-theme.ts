import { useSyncExternalStore } from "react";
import {
  DARK_CLASS,
  DARK_SCHEME_QUERY,
  DEFAULT_THEME,
  type ResolvedTheme,
  THEME_OPTIONS,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from "./theme-script";

const listeners = new Set<() => void>();

function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_OPTIONS as readonly string[]).includes(value);
}

/** The stored preference, or the default when nothing (or something unknown) is stored. */
export function readStoredTheme(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

function darkSchemeQuery(): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(DARK_SCHEME_QUERY)
    : null;
}

/** The query list being listened to while at least one component uses the theme. */
let watchedQuery: MediaQueryList | null = null;

function systemPrefersDark(): boolean {
  return darkSchemeQuery()?.matches ?? false;
}

export function resolveTheme(theme: ThemePreference, prefersDark: boolean): ResolvedTheme {
  if (theme === "system") return prefersDark ? "dark" : "light";
  return theme;
}

/** Puts the resolved theme on <html> (the same thing THEME_INIT_SCRIPT does before first paint). */
function applyTheme(theme: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle(DARK_CLASS, theme === "dark");
  root.style.colorScheme = theme;
}

function notify(): void {
  applyTheme(resolveTheme(readStoredTheme(), systemPrefersDark()));
  for (const listener of listeners) listener();
}

/** Stores the preference, applies it at once and updates every `useTheme` user. */
export function setTheme(theme: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be unavailable (private mode, quota): the choice then lasts for this page only.
  }
  notify();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === THEME_STORAGE_KEY) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    // The OS scheme changes live (for "system") and other tabs may change the preference.
    watchedQuery = darkSchemeQuery();
    watchedQuery?.addEventListener("change", notify);
    window.addEventListener("storage", onStorage);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      watchedQuery?.removeEventListener("change", notify);
      watchedQuery = null;
      window.removeEventListener("storage", onStorage);
    }
  };
}

const serverTheme = () => DEFAULT_THEME;
const serverPrefersDark = () => false;

/**
 * The theme preference and what it resolves to. The server (and hydration) render the default; the stored
 * value follows right after hydration, while THEME_INIT_SCRIPT has already painted the right colours.
 */
export function useTheme(): {
  theme: ThemePreference;
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: ThemePreference) => void;
} {
  const theme = useSyncExternalStore(subscribe, readStoredTheme, serverTheme);
  const prefersDark = useSyncExternalStore(subscribe, systemPrefersDark, serverPrefersDark);
  return { theme, resolvedTheme: resolveTheme(theme, prefersDark), setTheme };
}
