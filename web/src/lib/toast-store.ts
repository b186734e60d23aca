import { createToaster } from "@ark-ui/react";
import { registerToastStore, TOAST_DURATION_MS } from "./toast";

/** Toasts: one at a time, shown for 5 s. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** F8 moves focus to the notification region (KeyboardEvent.code values). */
const TOAST_HOTKEY = ["F8"];

/**
 * Where toasts come in: bottom right, but at the top on a phone, where a full-width toast at the bottom covered a
 * dialog's buttons and the search's question bar for its 5 s. Read once, when the store loads (the first toast).
 */
const NARROW_SCREEN = "(max-width: 639px)";
const placement =
  typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(NARROW_SCREEN).matches
    ? "top"
    : "bottom-end";

/**
 * The single toast store of the app; `<Toaster />` (components/ui/toaster.tsx) renders it. Loaded with the
 * Toaster, on the first toast: `toast()` in lib/toast.ts keeps that toast until the store is registered here.
 */
export const toaster = createToaster({
  placement,
  max: TOAST_LIMIT,
  duration: TOAST_DURATION_MS,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  hotkey: TOAST_HOTKEY,
  overlap: false,
  gap: 12,
  pauseOnPageIdle: true,
});

registerToastStore(toaster);
