import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a toast stays (spec §9: the save toast lasts 3000 ms). */
export const TOAST_MS = 3000;

/** One toast at a time, announced politely to screen readers. */
export function useToast() {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((message: string) => {
    clearTimeout(timer.current);
    setText(message);
    timer.current = setTimeout(() => setText(null), TOAST_MS);
  }, []);
  const view = (
    <div className="toast-region" role="status" aria-live="polite">
      {text && <div className="toast">{text}</div>}
    </div>
  );
  return { show, view };
}
