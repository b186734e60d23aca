import { Modal } from "../ui/modal";

/** Asks before a link inside the app leaves a running recording. */
export function LeaveRecordingDialog({
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
      title="Stop recording and leave?"
      description="Leaving this page stops the recording. What was recorded is kept on this device and uploaded as a meeting."
      role="alertdialog"
    >
      <div className="flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onStay}>
          Keep recording
        </button>
        <button type="button" className="btn-danger" onClick={onLeave}>
          Stop and leave
        </button>
      </div>
    </Modal>
  );
}
