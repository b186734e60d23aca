import { type ReactNode, useId, useSyncExternalStore } from "react";
import { Icon } from "../ui/icon";
import type { ThemePreference } from "./theme-script";
import { useTheme } from "./use-theme";

/** Each choice with the drawing of its icon. */
const OPTIONS: { value: ThemePreference; label: string; icon: ReactNode }[] = [
  {
    value: "light",
    label: "Light",
    icon: (
      <>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </>
    ),
  },
  { value: "dark", label: "Dark", icon: <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" /> },
  {
    value: "system",
    label: "System",
    icon: (
      <>
        <rect x="3" y="4" width="18" height="12" rx="2" />
        <path d="M8 20h8M12 16v4" />
      </>
    ),
  },
];

const noSubscription = () => () => {};

/** False on the server and during hydration, true once the page runs in the browser. */
function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Native radios share one name: the browser moves between them with the arrow keys and checks the one it lands on. */
const ITEM_CLASS =
  "flex min-w-0 flex-1 cursor-pointer items-center justify-center gap-1 rounded-lg px-1.5 py-1.5 text-xs font-medium " +
  "text-slate-600 transition-colors hover:text-slate-900 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500 " +
  "has-checked:bg-white has-checked:text-indigo-700 has-checked:shadow-sm dark:text-slate-300 dark:hover:text-white " +
  "dark:has-checked:bg-slate-950 dark:has-checked:text-indigo-300";

/**
 * Light / Dark / System choice (a radio group, arrow keys move between options); stored and applied at once.
 * Plain radio inputs, so the public pages load no UI library for it.
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  const name = useId();
  // The server cannot know the stored choice: the control is drawn after hydration, in a box of the same size.
  if (!useIsClient()) {
    return (
      <div aria-hidden="true" className={`h-[38px] w-full rounded-xl bg-slate-100 dark:bg-slate-800 ${className}`} />
    );
  }
  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      className={`flex w-full gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800 ${className}`}
    >
      {OPTIONS.map((option) => (
        <label key={option.value} className={ITEM_CLASS}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={theme === option.value}
            onChange={() => setTheme(option.value)}
            className="sr-only"
          />
          <Icon className="h-4 w-4">{option.icon}</Icon>
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
