import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { useWakeLock } from "./use-wake-lock";

const events: string[] = [];
const held: { released: boolean; release: () => Promise<void> }[] = [];

function installWakeLock() {
  Object.defineProperty(navigator, "wakeLock", {
    configurable: true,
    value: {
      request: async (type: string) => {
        events.push(`request ${type}`);
        const sentinel = {
          released: false,
          release: async () => {
            sentinel.released = true;
            events.push("release");
          },
        };
        held.push(sentinel);
        return sentinel;
      },
    },
  });
}

afterEach(() => {
  cleanup();
  events.length = 0;
  held.length = 0;
});

test("the screen stays on while recording, is asked for again when the page is visible again, and let go at the end", async () => {
  installWakeLock();
  const view = renderHook(({ active }) => useWakeLock(active), { initialProps: { active: false } });
  expect(events).toEqual([]);
  view.rerender({ active: true });
  await waitFor(() => expect(events).toEqual(["request screen"]));
  // Hidden, the browser drops the lock; visible again, the page asks again.
  const first = held[0];
  if (first) first.released = true;
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await waitFor(() => expect(events).toEqual(["request screen", "request screen"]));
  view.rerender({ active: false });
  await waitFor(() => expect(events.at(-1)).toBe("release"));
});
