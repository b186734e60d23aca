import { createToaster } from "@ark-ui/react";

/** Toasts: one at a time, shown for 5 s, swiped away past 50 px. */
const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** F8 moves focus to the notification region (KeyboardEvent.code values). */
const TOAST_HOTKEY = ["F8"];

export type ToastVariant = "default" | "destructive";

interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** About this page only ("Search Issue"): dismissed when the user goes to another page. */
  onlyOnThisPage?: boolean;
}

export interface ToastMeta {
  variant: ToastVariant;
  /** The path the toast belongs to, when it is about that page only. */
  page?: string;
}

/** The single toast store of the app; `<Toaster />` (components/ui/toaster.tsx) renders it. */
export const toaster = createToaster({
  placement: "bottom-end",
  max: TOAST_LIMIT,
  duration: TOAST_DURATION_MS,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  hotkey: TOAST_HOTKEY,
  overlap: false,
  gap: 12,
  pauseOnPageIdle: true,
});

/**
 * Shows a toast from anywhere in client code. At most one is visible: a new toast replaces the current
 * one (and any dismissed toast still kept for the remove delay), so the newest message always shows at once.
 */
export function toast({ title, description, variant = "default", onlyOnThisPage = false }: ToastInput): {
  id: string;
  dismiss: () => void;
} {
  toaster.remove();
  const meta: ToastMeta = { variant };
  if (onlyOnThisPage && typeof window !== "undefined") meta.page = window.location.pathname;
  const id = toaster.create({
    title,
    description,
    type: variant === "destructive" ? "error" : "info",
    meta,
  });
  return { id, dismiss: () => toaster.dismiss(id) };
}

/** Dismisses the toast with this title, if one is showing: its cause was fixed ("Terms of Service" once ticked). */
export function dismissToast(title: string): void {
  for (const shown of toaster.getVisibleToasts()) {
    if (shown.title === title && shown.id) toaster.dismiss(shown.id);
  }
}

/** Dismisses the toasts that were about another page than `pathname` (the user has left it). */
export function dismissToastsOfOtherPages(pathname: string): void {
  for (const shown of toaster.getVisibleToasts()) {
    const page = (shown.meta as ToastMeta | undefined)?.page;
    if (page !== undefined && page !== pathname && shown.id) toaster.dismiss(shown.id);
  }
}
