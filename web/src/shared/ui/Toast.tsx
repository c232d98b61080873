import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/** docs/product.md#numbers-and-constants: the save toast lasts 3000 ms; every toast in the app shares that. */
export const TOAST_MS = 3000;

export type ToastKind = 'info' | 'error';
interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}

type ShowToast = (message: string, kind?: ToastKind) => void;
const ToastContext = createContext<ShowToast>(() => {
  throw new Error('useToast needs <ToastProvider> (the Layout provides it)');
});

/** `const toast = useToast(); toast('Meal plan saved!')` shows a message for 3 s in a polite live region. */
export const useToast = () => useContext(ToastContext);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const show = useCallback<ShowToast>((message, kind = 'info') => {
    const id = next.current++;
    setItems((list) => [...list, { id, message, kind }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setItems((list) => list.filter((t) => t.id !== id));
    }, TOAST_MS);
    timers.current.add(timer);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {items.map((t) => (
          <div key={t.id} className={`toast toast--${t.kind}`}>
            {t.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
