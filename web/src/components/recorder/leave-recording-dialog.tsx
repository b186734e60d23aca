import { ConfirmLeaveDialog } from "../ui/confirm-leave-dialog";

const LEAVE_RECORDING = {
  title: "Stop recording and leave?",
  description:
    "Leaving this page stops the recording. What was recorded is kept on this device and uploaded as a meeting.",
  stayLabel: "Keep recording",
  leaveLabel: "Stop and leave",
};

/** Asks before a link inside the app leaves a running recording. */
export function LeaveRecordingDialog(props: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return <ConfirmLeaveDialog {...props} wording={LEAVE_RECORDING} />;
}
