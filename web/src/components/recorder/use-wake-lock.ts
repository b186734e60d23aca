import { useEffect } from "react";

interface WakeLockSentinelLike {
  released: boolean;
  release: () => Promise<void>;
}

/**
 * Keeps the screen on while `active` (a phone asleep stops the microphone): asks for a screen wake lock, asks again
 * when the page becomes visible (the browser drops it when the page is hidden) and lets it go when inactive.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = (
      navigator as Navigator & { wakeLock?: { request: (type: "screen") => Promise<WakeLockSentinelLike> } }
    ).wakeLock;
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let ended = false;
    const acquire = async () => {
      if (document.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
      try {
        const next = await wakeLock.request("screen");
        if (ended) void next.release();
        else sentinel = next;
      } catch {
        // Refused (battery saver, no user gesture yet): recording goes on without it.
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      ended = true;
      document.removeEventListener("visibilitychange", onVisibility);
      if (sentinel && !sentinel.released) void sentinel.release();
    };
  }, [active]);
}
