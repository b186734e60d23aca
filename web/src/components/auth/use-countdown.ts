import { useCallback, useEffect, useState } from "react";

/** Seconds left of a countdown that ticks once a second and stops at 0; `reset` starts it over. */
export function useCountdown(startSeconds: number) {
  const [remaining, setRemaining] = useState(startSeconds);
  const [round, setRound] = useState(0);

  useEffect(() => {
    // `round` restarts the interval on reset, so the first tick after a reset is a full second later.
    void round;
    const timer = setInterval(() => {
      setRemaining((left) => {
        if (left <= 1) {
          clearInterval(timer);
          return 0;
        }
        return left - 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [round]);

  const reset = useCallback(() => {
    setRemaining(startSeconds);
    setRound((n) => n + 1);
  }, [startSeconds]);

  return { remaining, reset };
}

/** 600 → "10:00", 59 → "00:59". */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor(safe / 60)).padStart(2, "0");
  const ss = String(safe % 60).padStart(2, "0");
  return `${mm}:${ss}`;
}
