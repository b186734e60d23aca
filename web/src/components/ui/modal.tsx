import { Dialog, Portal } from "@ark-ui/react";
import type { ReactNode } from "react";

/** An accessible modal dialog (Ark UI): focus trapped, Escape closes, backdrop dims the page. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  role = "dialog",
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  role?: "dialog" | "alertdialog";
  /** Room to write in (an e-mail beside its preview); the usual width otherwise. */
  wide?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} role={role} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Positioner className="fixed inset-0 z-50 flex items-center justify-center p-4">
          <Dialog.Content
            className={`max-h-[90vh] w-full ${wide ? "max-w-6xl" : "max-w-lg"} overflow-y-auto rounded-xl bg-white p-6 shadow-xl dark:bg-slate-900`}
          >
            <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-slate-100">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {description}
              </Dialog.Description>
            ) : null}
            <div className="mt-4">{children}</div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  pendingLabel = "Deleting...",
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={message} role="alertdialog">
      <DialogActions
        onCancel={() => onOpenChange(false)}
        pending={pending}
        label={confirmLabel}
        pendingLabel={pendingLabel}
        onConfirm={onConfirm}
      />
    </Modal>
  );
}

/**
 * A dialog's buttons: Cancel, then the main one, both off while `pending`. The main button submits the dialog's form,
 * or with `onConfirm` is a danger button that runs it.
 */
export function DialogActions({
  onCancel,
  pending,
  label,
  pendingLabel,
  onConfirm,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
  onConfirm?: () => void;
}) {
  return (
    <div className="flex justify-end gap-3">
      <button type="button" className="btn-secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </button>
      {onConfirm ? (
        <button type="button" className="btn-danger" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : label}
        </button>
      ) : (
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? pendingLabel : label}
        </button>
      )}
    </div>
  );
}
