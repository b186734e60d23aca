import { Modal } from "../ui/modal";

/** Asks before a link inside the app leaves Edit notes with unsaved edits. */
export function LeaveEditsDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? null : onStay())}
      title="Leave without saving?"
      description="Your edits to these notes are not saved. They stay in this browser tab and come back when you open this meeting again."
      role="alertdialog"
    >
      <div className="flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onStay}>
          Keep editing
        </button>
        <button type="button" className="btn-danger" onClick={onLeave}>
          Leave
        </button>
      </div>
    </Modal>
  );
}
