import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import useSWR, { SWRConfig } from "swr";
import { isLiveKey, liveDataMiddleware, pauseLiveKey, revalidateLiveData } from "./live-data";

afterEach(cleanup);

function Shows({ path }: { path: string }) {
  const { data } = useSWR<{ status: string }>(path);
  return <p>{data?.status ?? "loading"}</p>;
}

test("the keys a data change can alter are live; notes and follow-up drafts are not", () => {
  expect(isLiveKey("/api/meetings?limit=50")).toBe(true);
  expect(isLiveKey("/api/meetings/7")).toBe(true);
  expect(isLiveKey("/api/stats")).toBe(true);
  expect(isLiveKey("/api/clients")).toBe(true);
  expect(isLiveKey("/api/action-items?status=open")).toBe(true);
  expect(isLiveKey("/api/notes/meeting/7")).toBe(false);
  expect(isLiveKey("/api/meetings/7/follow-up")).toBe(false);
  expect(isLiveKey("/api/auth/user")).toBe(false);
  expect(isLiveKey("/api/meetingsx")).toBe(false);
});

test("a change refetches what is shown (server-rendered data too), and cached data shown later", async () => {
  let status = "Processing";
  const fetched: string[] = [];
  const fetcher = async (path: string) => {
    fetched.push(path);
    return { status };
  };
  const tree = (paths: string[]) => (
    <SWRConfig
      value={{
        provider: () => new Map(),
        fetcher,
        // As the app: data from the server page, never revalidated on mount or focus by itself.
        fallback: { "/api/meetings/1": { status: "Processing" } },
        revalidateIfStale: false,
        revalidateOnFocus: false,
        dedupingInterval: 0,
        use: [liveDataMiddleware],
      }}
    >
      {paths.map((path) => (
        <Shows key={path} path={path} />
      ))}
    </SWRConfig>
  );
  const view = render(tree(["/api/meetings/1", "/api/stats", "/api/notes/meeting/1"]));
  await view.findAllByText("Processing");
  await waitFor(() => expect(fetched.sort()).toEqual(["/api/notes/meeting/1", "/api/stats"]));
  // /api/stats leaves the screen with its data cached.
  view.rerender(tree(["/api/meetings/1", "/api/notes/meeting/1"]));

  status = "Processed";
  fetched.length = 0;
  act(() => revalidateLiveData());
  await waitFor(() => expect(fetched).toEqual(["/api/meetings/1"]));
  // Shown again, the cached stats are read again instead of shown stale.
  view.rerender(tree(["/api/meetings/1", "/api/notes/meeting/1", "/api/stats"]));
  await waitFor(() => expect(fetched.sort()).toEqual(["/api/meetings/1", "/api/stats"]));
  await waitFor(() => expect(view.getAllByText("Processed")).toHaveLength(2));
});

test("a paused meeting and its sub-paths are not fetched again until resumed; other keys are", async () => {
  const fetched: string[] = [];
  const fetcher = async (path: string) => {
    fetched.push(path);
    return { status: "Processed" };
  };
  const view = render(
    <SWRConfig
      value={{
        provider: () => new Map(),
        fetcher,
        revalidateIfStale: false,
        revalidateOnFocus: false,
        dedupingInterval: 0,
        use: [liveDataMiddleware],
      }}
    >
      {["/api/meetings/5", "/api/meetings/5/transcript?from=0", "/api/meetings/50", "/api/meetings?limit=5"].map(
        (path) => (
          <Shows key={path} path={path} />
        ),
      )}
    </SWRConfig>,
  );
  await waitFor(() => expect(fetched).toHaveLength(4));
  fetched.length = 0;
  const resume = pauseLiveKey("/api/meetings/5");
  act(() => revalidateLiveData());
  await waitFor(() => expect(fetched.sort()).toEqual(["/api/meetings/50", "/api/meetings?limit=5"]));
  resume();
  fetched.length = 0;
  act(() => revalidateLiveData());
  await waitFor(() => expect(fetched).toHaveLength(4));
  view.unmount();
});
