import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { MeetingDetail } from "@cm/api/models";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { formatFileSize, meetingTime } from "../../lib/meeting-format";
import { SummaryTab } from "./summary-tab";
import { UploadModal } from "./upload-modal";

afterEach(cleanup);

test("a chosen file's size is in MB with 2 decimals, and a small non-empty file never reads 0.00 MB", () => {
  expect(formatFileSize(5 * 1024 * 1024)).toBe("5.00 MB");
  expect(formatFileSize(1234567)).toBe("1.18 MB");
  expect(formatFileSize(10486)).toBe("0.01 MB"); // just over 0.01 MB
  expect(formatFileSize(1946)).toBe("< 0.01 MB (1.9 KB)");
  expect(formatFileSize(3)).toBe("< 0.01 MB (0.1 KB)");
  expect(formatFileSize(0)).toBe("0.00 MB");
});

test("an upload's made-up 12:00 is no time; a meeting with a time, or one the server says has one, shows it", () => {
  const noon = new Date(2026, 10, 23, 12, 0).toISOString();
  const afternoon = new Date(2026, 10, 23, 14, 30).toISOString();
  expect(meetingTime({ date: noon, type: "Uploaded" })).toBeNull();
  expect(meetingTime({ date: afternoon, type: "Portfolio Review" })).toBe("14:30");
  expect(meetingTime({ date: afternoon, type: "Uploaded", timeKnown: true })).toBe("14:30");
  expect(meetingTime({ date: noon, type: "Meeting", timeKnown: false })).toBeNull();
});

test("an empty Key Points card says so, as the other cards do", () => {
  const meeting = {
    id: 1,
    summary: { executiveSummary: "Short.", keyPoints: [], decisions: [], actionItems: [], nextMeeting: null },
  } as unknown as MeetingDetail;
  const view = render(<SummaryTab meeting={meeting} />);
  view.getByText("No key points were found in this meeting.");
  view.getByText("No action items were found in this meeting.");
  view.getByText("No follow-up meeting was discussed.");
});

test("without clients the upload modal asks for one first and opens Create New Client", async () => {
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async () => [], dedupingInterval: 0 }}>
      <UploadModal open onOpenChange={() => {}} />
    </SWRConfig>,
  );
  await view.findByText("Add a client first: every meeting belongs to a client.");
  expect(view.queryByRole("combobox", { name: "Select Client" })).toBeNull();
  fireEvent.click(view.getByRole("button", { name: "Add Client" }));
  await waitFor(() => view.getByRole("dialog", { name: "Create New Client" }));
  view.getByPlaceholderText("Enter client name");
});
