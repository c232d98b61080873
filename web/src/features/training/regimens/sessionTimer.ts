import { useEffect, useState } from 'react';

/** Seconds as hh:mm:ss (docs/product.md#screens-feature-by-feature), hours not capped at 24. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** Whole minutes of a duration, as the tracker sends it (docs/product.md#numbers-and-constants). */
export const wholeMinutes = (seconds: number) => Math.floor(Math.max(0, seconds) / 60);

/** Running seconds `from` as of `anchorMs`, plus the wall time since then while `running`. */
export const secondsSince = (from: number, anchorMs: number, running: boolean, nowMs: number) =>
  running ? from + Math.max(0, Math.floor((nowMs - anchorMs) / 1000)) : from;

/**
 * Seconds counted from `from` (as of when it arrived), redrawn each second while `running` (docs/product.md#how-things-change:
 * ticks each 1 s). The count is wall time since that instant, not a sum of ticks: a phone that slept or a throttled tab
 * shows the right time on waking.
 */
export function useSecondsTicker(from: number, running: boolean): number {
  const [anchor, setAnchor] = useState(() => ({ from, at: Date.now() }));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setAnchor({ from, at: Date.now() });
    setNow(Date.now());
  }, [from, running]);
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);
  return secondsSince(anchor.from, anchor.at, running, now);
}
