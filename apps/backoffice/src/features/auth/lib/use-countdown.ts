import { useEffect, useState } from "react";

/** Seconds left of a countdown started with `start(seconds)`; 0 when idle. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const left = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return {
    left,
    start: (seconds: number) => {
      // One clock reading for both: two could straddle a millisecond and show "61 s".
      const startedAt = Date.now();
      setNow(startedAt);
      setEndsAt(startedAt + seconds * 1000);
    },
  };
}
