import { useEffect, useState } from 'react';

/** Seconds left until `endsAt` (epoch ms), ticking each second while it runs. */
function useCountdown(endsAt: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  return endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / 1000));
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * The rest between sets: starts when a set is logged, counts down in digits readable across a room, and buzzes
 * (where the device can) when rest is over. +30 s and Skip adjust this rest only.
 */
export function RestTimer({ rest, onChange }: { rest: { endsAt: number; of: string } | null; onChange: (rest: { endsAt: number; of: string } | null) => void }) {
  const left = useCountdown(rest?.endsAt ?? null);
  const over = left === 0;
  useEffect(() => {
    if (over) navigator.vibrate?.([300, 150, 300]);
  }, [over]);
  if (!rest || left === null) return null;
  return (
    <section className={over ? 'rest rest--over' : 'rest'} aria-label="Rest timer">
      <div className="rest__label">{over ? `Rest over: next set of ${rest.of}` : `Rest before the next set of ${rest.of}`}</div>
      <div className="rest__clock" role="timer" aria-live={over ? 'assertive' : 'off'}>
        {clock(left)}
      </div>
      <div className="rest__actions">
        <button type="button" className="btn btn--secondary sets__big" onClick={() => onChange({ ...rest, endsAt: Math.max(Date.now(), rest.endsAt) + 30_000 })}>
          +30 s
        </button>
        <button type="button" className="btn btn--ghost sets__big" onClick={() => onChange(null)}>
          {over ? 'Dismiss' : 'Skip rest'}
        </button>
      </div>
    </section>
  );
}
