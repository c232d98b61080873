import { useEffect, useState } from 'react';
import type { Rest } from './rest';

/** Seconds left of `rest`, ticking each second while it runs. */
function useCountdown(rest: Rest | null) {
  const [now, setNow] = useState(() => Date.now());
  const running = rest !== null && rest.heldMs === undefined;
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [running, rest?.endsAt]);
  if (rest === null) return null;
  return Math.max(0, Math.ceil((rest.heldMs ?? rest.endsAt - now) / 1000));
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** A short two-tone chime through Web Audio: no sound file to fetch, and silent where the browser allows no audio. */
function chime() {
  try {
    const audio = new AudioContext();
    [880, 1320].forEach((hz, i) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = hz;
      gain.gain.setValueAtTime(0.2, audio.currentTime + i * 0.25);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.25 + 0.22);
      tone.connect(gain).connect(audio.destination);
      tone.start(audio.currentTime + i * 0.25);
      tone.stop(audio.currentTime + i * 0.25 + 0.25);
    });
    window.setTimeout(() => void audio.close(), 1000);
  } catch {
    // No Web Audio here: the vibration and the notification still tell.
  }
}

const canNotify = () => typeof Notification !== 'undefined';

/**
 * The rest between sets: starts when a set is logged, counts down, holds while the session is paused, and when rest
 * is over chimes, buzzes (where the device can) and, where the person allowed it, notifies (the Notification API) for
 * when the app is in the background. +30 s and Skip adjust this rest only. It sits at the foot of the screen, out of
 * the way of the exercise being logged.
 */
export function RestTimer({ rest, onChange }: { rest: Rest | null; onChange: (rest: Rest | null) => void }) {
  const left = useCountdown(rest);
  const over = left === 0;
  const [permission, setPermission] = useState(() => (canNotify() ? Notification.permission : 'denied'));
  useEffect(() => {
    if (!over || !rest) return;
    navigator.vibrate?.([300, 150, 300]);
    chime();
    if (canNotify() && Notification.permission === 'granted' && document.visibilityState === 'hidden') new Notification('Rest over', { body: `Next set of ${rest.of}`, tag: 'rest-timer' });
  }, [over, rest]);
  if (!rest || left === null) return null;
  const held = rest.heldMs !== undefined;
  return (
    <section className={over ? 'rest rest--over' : 'rest'} aria-label="Rest timer">
      <div className="rest__label">{over ? `Rest over: next set of ${rest.of}` : held ? `Rest held while paused (${rest.of})` : `Rest before the next set of ${rest.of}`}</div>
      <div className="rest__clock" role="timer" aria-live={over ? 'assertive' : 'off'}>
        {clock(left)}
      </div>
      <div className="rest__actions">
        <button type="button" className="btn btn--secondary" disabled={held} onClick={() => onChange({ ...rest, endsAt: Math.max(Date.now(), rest.endsAt) + 30_000 })}>
          +30 s
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => onChange(null)}>
          {over ? 'Dismiss' : 'Skip rest'}
        </button>
        {permission === 'default' && (
          <button type="button" className="btn btn--ghost" onClick={() => void Notification.requestPermission().then(setPermission)}>
            Notify me
          </button>
        )}
      </div>
    </section>
  );
}
