import { Toaster as ArkToaster, Toast, useToastContext } from "@ark-ui/react";
import { TOAST_SWIPE_THRESHOLD_PX, type ToastMeta, type ToastVariant } from "../../lib/toast";
import { toaster } from "../../lib/toast-store";
import { useSwipeDismiss } from "./use-swipe-dismiss";

const BASE =
  "pointer-events-auto w-[calc(100vw-2rem)] max-w-sm touch-pan-y select-none rounded-xl border p-4 pr-3 shadow-lg " +
  "z-[var(--z-index)] opacity-[var(--opacity)] [translate:var(--x)_var(--y)] " +
  "transition-[translate,opacity,visibility] duration-300 ease-out motion-reduce:transition-none " +
  "data-[state=closed]:invisible focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 " +
  "focus-visible:ring-offset-white dark:focus-visible:ring-offset-slate-950";

const VARIANT_CLASS: Record<ToastVariant, string> = {
  default:
    "border-slate-200 bg-white text-slate-900 focus-visible:ring-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
  destructive: "border-red-700 bg-red-600 text-white focus-visible:ring-red-400 dark:border-red-500 dark:bg-red-700",
};

const CLOSE_CLASS: Record<ToastVariant, string> = {
  default:
    "text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100",
  destructive: "text-red-50 hover:bg-red-700 focus-visible:ring-white dark:hover:bg-red-800",
};

function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2}>
      <path strokeLinecap="round" strokeLinejoin="round" d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

function ToastCard({ variant }: { variant: ToastVariant }) {
  const api = useToastContext();
  const swipe = useSwipeDismiss(api.dismiss, TOAST_SWIPE_THRESHOLD_PX);
  const destructive = variant === "destructive";
  return (
    <Toast.Root
      role={destructive ? "alert" : "status"}
      aria-hidden={api.visible ? undefined : true}
      data-variant={variant}
      data-swiping={swipe.swiping ? "" : undefined}
      className={`${BASE} ${VARIANT_CLASS[variant]}`}
      style={swipe.style}
      {...swipe.handlers}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <Toast.Title className="text-sm font-semibold">{api.title}</Toast.Title>
          {api.description ? (
            <Toast.Description className="mt-1 text-sm opacity-90">{api.description}</Toast.Description>
          ) : null}
        </div>
        <Toast.CloseTrigger
          className={`-m-1 shrink-0 rounded-lg p-1.5 transition-colors focus-visible:outline-none focus-visible:ring-2 ${CLOSE_CLASS[variant]}`}
        >
          <CloseIcon />
        </Toast.CloseTrigger>
      </div>
    </Toast.Root>
  );
}

/** Renders the app's toasts (see `toast()` in lib/toast.ts). Mounted once, near the root of the app, by
 * `<LazyToaster />` on the first toast. */
export function Toaster() {
  return (
    <ArkToaster toaster={toaster}>
      {(item) => <ToastCard key={item.id} variant={(item.meta as ToastMeta | undefined)?.variant ?? "default"} />}
    </ArkToaster>
  );
}
