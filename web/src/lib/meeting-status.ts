// Status labels and tones without date formatting: the landing page's product preview shows a
// status badge and should not load date-fns for it.
/** A meeting status as shown to the user. */
export function statusLabel(status: string): string {
  if (status === "Uploaded") return "Thinking...";
  if (status === "Processing") return "Processing...";
  return status;
}

export function statusTone(status: string): "green" | "red" | "yellow" {
  if (status === "Processed" || status === "completed") return "green";
  if (status === "Failed") return "red";
  return "yellow";
}
