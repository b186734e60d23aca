// A meeting page on a slow network: everything it shows is asked for at once, so it is complete after one round trip
// (it used to ask for the follow-up draft only once the meeting had arrived: two waits in a row).
import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { FollowUpDraft, MeetingDetail, Note } from "@cm/api/models";
import { act, cleanup, waitFor } from "@testing-library/react";
import { meetingDetail } from "../../test/meeting-detail";
import { renderWithData } from "../../test/render-with-data";
import MeetingDetailPage from "./meeting-detail-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

/**
 * A network that answers only when the test says: each round answers every request waiting at that moment, as one
 * round trip of a slow network would. Paths it has no answer for get a 404.
 */
function slowNetwork(answers: Record<string, unknown>) {
  const waiting: { path: string; answer: () => void }[] = [];
  globalThis.fetch = ((input: RequestInfo | URL) =>
    new Promise<Response>((resolve) => {
      const path = String(input);
      // Who is signed in comes with every page from the server (the app's fallback); this harness asks again.
      if (path === "/api/auth/user") return resolve(Response.json(SIGNED_IN));
      const known = Object.hasOwn(answers, path);
      const body = JSON.stringify(known ? answers[path] : { message: "not found" });
      waiting.push({
        path,
        answer: () =>
          resolve(new Response(body, { status: known ? 200 : 404, headers: { "content-type": "application/json" } })),
      });
    })) as typeof fetch;
  /** Lets the page make every request it makes now, then answers them all; returns their paths. */
  async function roundTrip(): Promise<string[]> {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    // Requests a page starts together start in the same commit; a few more turns let any stragglers show.
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    const batch = waiting.splice(0);
    await act(async () => {
      for (const request of batch) request.answer();
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    return batch.map((request) => request.path).sort();
  }
  return { roundTrip, waiting: () => waiting.map((request) => request.path) };
}

const SIGNED_IN = { authenticated: true, user: { id: 1, username: "morgan", fullName: "Morgan Reyes" } };
const CLIENT = { id: 4, name: "Hendricks Family Trust", type: "Estate" };
const SENT: FollowUpDraft = {
  to: ["trustees@example.com"],
  contacts: ["trustees@example.com"],
  ownAddress: null,
  subject: "Follow-up: Quarterly review",
  body: "Thank you for your time.",
  sent: [{ to: ["trustees@example.com"], subject: "Follow-up: Quarterly review", sentAt: "2027-03-05T10:00:00Z" }],
};
const NOTE: Note = { meetingId: 30, content: "Ask about the April tuition payment.", updatedAt: null };

test("a held meeting: the meeting, its follow-up and the notes in one round trip, and nothing asked after", async () => {
  const meeting: MeetingDetail = meetingDetail(CLIENT, {
    id: 30,
    title: "Quarterly review",
    date: "2027-03-04T09:45:00",
  });
  const network = slowNetwork({
    "/api/meetings/30": meeting,
    "/api/meetings/30/follow-up": SENT,
    "/api/notes/meeting/30": NOTE,
  });
  const view = renderWithData(<MeetingDetailPage />, "/meetings/30", "/meetings/:id");
  expect(await network.roundTrip()).toEqual([
    "/api/meetings/30",
    "/api/meetings/30/follow-up",
    "/api/notes/meeting/30",
  ]);
  // Complete after that one wait: the heading and the follow-up already sent.
  expect(view.getByRole("heading", { name: "Quarterly review" })).toBeTruthy();
  expect(view.getByTestId("follow-up-sent").textContent).toContain("Follow-up sent to trustees@example.com");
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
  expect(network.waiting()).toEqual([]);
});

test("a planned meeting: the meeting and the notes it shows at once in one round trip", async () => {
  const meeting: MeetingDetail = meetingDetail(CLIENT, {
    id: 30,
    title: "Estate plan kickoff",
    date: "2027-03-04T09:45:00",
    status: "Scheduled",
  });
  const network = slowNetwork({ "/api/meetings/30": meeting, "/api/notes/meeting/30": NOTE });
  const view = renderWithData(<MeetingDetailPage />, "/meetings/30", "/meetings/:id");
  // The follow-up draft is asked for too: the page cannot know the meeting is planned before it arrives.
  expect(await network.roundTrip()).toEqual(expect.arrayContaining(["/api/meetings/30", "/api/notes/meeting/30"]));
  expect(view.getByRole("heading", { name: "Estate plan kickoff" })).toBeTruthy();
  expect((view.getByLabelText("My Personal Notes") as HTMLTextAreaElement).value).toBe(NOTE.content);
});

test("an unknown meeting: its not-found content after the one answer, and nothing asked for it after", async () => {
  const network = slowNetwork({});
  const view = renderWithData(<MeetingDetailPage />, "/meetings/31", "/meetings/:id");
  await network.roundTrip();
  expect(view.getByRole("heading", { name: "Meeting Not Found" })).toBeTruthy();
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
  expect(network.waiting()).toEqual([]);
});
