import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { MeetingListItem } from "@cm/api/models";
import { cleanup, fireEvent, render } from "@testing-library/react";
import { SWRConfig } from "swr";
import { PagedMeetings } from "./paged-meetings";

afterEach(cleanup);

const DAY = 24 * 3600 * 1000;
/** Five meetings, newest first, served two per page with the server's cursor rule (date, then id). */
const ALL = Array.from({ length: 5 }, (_, i) => ({
  id: 10 - i,
  title: `Meeting ${i + 1}`,
  date: new Date(Date.UTC(2026, 10, 20) - i * DAY).toISOString(),
})) as unknown as MeetingListItem[];

function serve(key: string): MeetingListItem[] {
  const url = new URL(key, "http://x");
  const limit = Number(url.searchParams.get("limit"));
  const cursor = url.searchParams.get("cursor");
  const start = cursor ? ALL.findIndex((m) => `${m.date}_${m.id}` === cursor) + 1 : 0;
  return ALL.slice(start, start + limit);
}

function renderList(requested: string[]) {
  const fetcher = async (key: string) => {
    requested.push(key);
    return serve(key);
  };
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <PagedMeetings
        firstKey="/api/meetings?limit=2"
        pageSize={2}
        loading={<p>Loading meetings...</p>}
        empty={<p>Nothing yet</p>}
        renderPage={(meetings) => (
          <ul>
            {meetings.map((m) => (
              <li key={m.id}>{m.title}</li>
            ))}
          </ul>
        )}
      />
    </SWRConfig>,
  );
}

test("Load more fetches the page after the last meeting shown until the list ends", async () => {
  const requested: string[] = [];
  const view = renderList(requested);
  await view.findByText("Meeting 2");
  expect(view.queryByText("Meeting 3")).toBeNull();
  fireEvent.click(view.getByRole("button", { name: "Load more" }));
  await view.findByText("Meeting 4");
  fireEvent.click(view.getByRole("button", { name: "Load more" }));
  await view.findByText("Meeting 5");
  // The last page is short: nothing more to load.
  expect(view.queryByRole("button", { name: "Load more" })).toBeNull();
  expect(view.getAllByRole("listitem").map((li) => li.textContent)).toEqual(ALL.map((m) => m.title));
  expect(requested[1]).toBe(`/api/meetings?limit=2&cursor=${encodeURIComponent(`${ALL[1]!.date}_${ALL[1]!.id}`)}`);
});
