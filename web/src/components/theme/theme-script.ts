/** Theme preference: light, dark or system, stored locally, default light. */
export type ThemePreference = "light" | "dark" | "system";
export type ResolvedTheme = "light" | "dark";

export const THEME_STORAGE_KEY = "theme";
export const DEFAULT_THEME: ThemePreference = "light";
export const THEME_OPTIONS: readonly ThemePreference[] = ["light", "dark", "system"];
export const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";
/** Tailwind's `dark:` variant is class based: this class on <html> turns dark mode on. */
export const DARK_CLASS = "dark";

/**
 * Inline script for <head>, placed before the stylesheet: reads the stored preference and sets the `dark`
 * class and `color-scheme` on <html> before the first paint, so there is no flash of the wrong theme.
 * Keep it free of imports; it runs as plain ES5 in the browser.
 */
export const THEME_INIT_SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});var d=t==="dark"||(t==="system"&&window.matchMedia(${JSON.stringify(DARK_SCHEME_QUERY)}).matches);var e=document.documentElement;e.classList.toggle(${JSON.stringify(DARK_CLASS)},d);e.style.colorScheme=d?"dark":"light"}catch(_){}})();`;
