import type { CreateToasterReturn } from "@ark-ui/react";
import type { ReactNode } from "react";

// No UI library here: pages import `toast()` and the landing page loads none of the toaster's code until
// the first toast (lib/toast-store.ts and components/ui/toaster.tsx come in one chunk then).

export const TOAST_DURATION_MS = 5000;
/** Swiped away past 50 px. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = "default" | "destructive";

interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** About this page only ("Search Issue"): dismissed when the user goes to another page. */
  onlyOnThisPage?: boolean;
  /**
   * The state the toast describes ("register: fields missing"): `dismissToast(key)` or `useToastWhile(key, …)`
   * (lib/use-toast-while.ts) ends it when that state ends. The title when not given.
   */
  key?: string;
}

export interface ToastMeta {
  variant: ToastVariant;
  /** The path the toast belongs to, when it is about that page only. */
  page?: string;
  /** The state it describes (see ToastInput.key). */
  key: string;
}

type ToastStore = CreateToasterReturn<ReactNode>;
interface ToastRecord {
  id: string;
  title: string;
  description?: string;
  type: "error" | "info";
  meta: ToastMeta;
}

let store: ToastStore | null = null;
/** The newest toast asked for before the store was loaded (at most one shows, so one is enough). */
let waiting: ToastRecord | null = null;
let loadRequested = false;
const requestListeners = new Set<() => void>();
let nextId = 0;

/** Called once by lib/toast-store.ts when it loads: shows the toast that was waiting for it. */
export function registerToastStore(loaded: ToastStore): void {
  store = loaded;
  if (waiting) showNow(loaded, waiting);
  waiting = null;
}

/** Whether a toast was asked for, so the toaster must be loaded (read by components/ui/lazy-toaster.tsx). */
export function isToasterRequested(): boolean {
  return loadRequested;
}

export function subscribeToasterRequest(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** Loading the toaster failed: the next toast asks again. */
export function toasterLoadFailed(): void {
  loadRequested = false;
  for (const listener of requestListeners) listener();
}

function showNow(loaded: ToastStore, record: ToastRecord): void {
  loaded.remove();
  loaded.create(record);
}

/**
 * Shows a toast from anywhere in client code. At most one is visible: a new toast replaces the current
 * one (and any dismissed toast still kept for the remove delay), so the newest message always shows at once.
 */
export function toast({ title, description, variant = "default", onlyOnThisPage = false, key }: ToastInput): {
  id: string;
  dismiss: () => void;
} {
  const meta: ToastMeta = { variant, key: key ?? title };
  if (onlyOnThisPage && typeof window !== "undefined") meta.page = window.location.pathname;
  nextId += 1;
  const record: ToastRecord = {
    id: `toast-${nextId}`,
    title,
    description,
    type: variant === "destructive" ? "error" : "info",
    meta,
  };
  if (store) showNow(store, record);
  else waiting = record;
  if (!loadRequested) {
    loadRequested = true;
    for (const listener of requestListeners) listener();
  }
  return { id: record.id, dismiss: () => dismissWhere((shown) => shown.id === record.id) };
}

/** Dismisses the toasts (shown, or waiting for the toaster to load) that `matches` picks. */
function dismissWhere(matches: (shown: { id?: string; title?: unknown; meta?: unknown }) => boolean): void {
  if (waiting && matches(waiting)) waiting = null;
  if (!store) return;
  for (const shown of store.getVisibleToasts()) {
    if (shown.id && matches(shown)) store.dismiss(shown.id);
  }
}

/**
 * Dismisses the toast about `key` (its key, else its title), shown or waiting: the state it described has ended
 * ("Terms of Service" once ticked, a refused form once changed or closed).
 */
export function dismissToast(key: string): void {
  dismissWhere((shown) => (shown.meta as ToastMeta | undefined)?.key === key);
}

/**
 * Dismisses the toasts about `key` shown now, once the current task's React work is done: an effect must not make the
 * toaster update its view (React refuses a synchronous render then). A toast shown meanwhile is a newer one and stays.
 */
export function dismissToastSoon(key: string): void {
  if (waiting?.meta.key === key) waiting = null;
  const ids = (store?.getVisibleToasts() ?? [])
    .filter((shown) => (shown.meta as ToastMeta | undefined)?.key === key)
    .map((shown) => shown.id)
    .filter((id): id is string => Boolean(id));
  if (ids.length) queueMicrotask(() => dismissWhere((shown) => ids.includes(shown.id ?? "")));
}

/** Dismisses the toasts that were about another page than `pathname` (the user has left it). */
export function dismissToastsOfOtherPages(pathname: string): void {
  dismissWhere((shown) => {
    const page = (shown.meta as ToastMeta | undefined)?.page;
    return page !== undefined && page !== pathname;
  });
}
