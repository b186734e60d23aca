import { ConfirmLeaveDialog } from "../ui/confirm-leave-dialog";

const LEAVE_EDITS = {
  title: "Leave without saving?",
  description:
    "Your edits to these notes are not saved. They stay in this browser tab and come back when you open this meeting again.",
  stayLabel: "Keep editing",
  leaveLabel: "Leave",
};

/** Asks before a link inside the app leaves Edit notes with unsaved edits. */
export function LeaveEditsDialog(props: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return <ConfirmLeaveDialog {...props} wording={LEAVE_EDITS} />;
}
