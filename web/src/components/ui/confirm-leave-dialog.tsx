import { Modal } from "./modal";

export interface LeaveWording {
  title: string;
  description: string;
  stayLabel: string;
  leaveLabel: string;
}

/** Asks before a link inside the app leaves work in progress; closing the dialog any other way stays. */
export function ConfirmLeaveDialog({
  open,
  onStay,
  onLeave,
  wording,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
  wording: LeaveWording;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? null : onStay())}
      title={wording.title}
      description={wording.description}
      role="alertdialog"
    >
      <div className="flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onStay}>
          {wording.stayLabel}
        </button>
        <button type="button" className="btn-danger" onClick={onLeave}>
          {wording.leaveLabel}
        </button>
      </div>
    </Modal>
  );
}
