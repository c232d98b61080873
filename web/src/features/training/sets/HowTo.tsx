import type { HowTo } from '../../../../../contract/training/howTo';
import './howTo.css';

/**
 * How to do an exercise, folded away until asked for: the plan page and the tracker show it under the exercise's
 * name, so the cues are one tap from where the person reads the exercise or logs it.
 */
export function HowToDo({ how, name }: { how?: HowTo; name: string }) {
  if (!how) return null;
  return (
    <details className="how-to">
      {/* Named for its exercise, as many folds share one page; the visible words are the name's start. */}
      <summary aria-label={`How to do it: ${name}`}>How to do it</summary>
      <ul className="how-to__cues">
        {how.cues.map((cue) => (
          <li key={cue}>{cue}</li>
        ))}
      </ul>
      <p className="how-to__avoid-title">Avoid</p>
      <ul className="how-to__mistakes">
        {how.mistakes.map((mistake) => (
          <li key={mistake}>{mistake}</li>
        ))}
      </ul>
    </details>
  );
}
