import { useEffect, useState } from 'react';

/** Seconds as hh:mm:ss (docs/product.md#screens), hours not capped at 24. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** Whole minutes of a duration, as the tracker sends it (docs/product.md#numbers). */
export const wholeMinutes = (seconds: number) => Math.floor(Math.max(0, seconds) / 60);

/** Seconds counted from `from`, one more each second while `running` (docs/product.md#how-things-change: ticks each 1 s). */
export function useSecondsTicker(from: number, running: boolean): number {
  const [seconds, setSeconds] = useState(from);
  useEffect(() => {
    setSeconds(from);
  }, [from]);
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(id);
  }, [running]);
  return seconds;
}
