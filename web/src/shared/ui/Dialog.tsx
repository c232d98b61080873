import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons shown at the bottom, right-aligned. */
  actions?: ReactNode;
  wide?: boolean;
  /** role="alertdialog" for confirmations that need an answer. */
  alert?: boolean;
  /** Hide the × button (e.g. a popup that moves on by itself). */
  noCloseButton?: boolean;
}

/**
 * A modal built on the native <dialog> with showModal(): the rest of the page is inert and Tab wraps inside,
 * Escape closes it, it is labelled by its title, and focus goes back where it was when it closes.
 */
export function Dialog({ open, onClose, title, children, actions, wide, alert, noCloseButton }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog--wide' : 'dialog'}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current();
      }}
      onKeyDown={(event) => {
        // showModal() makes the page inert, but Tab past the last control would leave for the browser's own UI:
        // wrap around inside the dialog instead.
        if (event.key !== 'Tab' || !ref.current) return;
        const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('disabled'));
        if (focusable.length === 0) return;
        const first = focusable[0]!;
        const last = focusable[focusable.length - 1]!;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      <div className="dialog__body">
        {!noCloseButton && (
          <button type="button" className="btn btn--ghost btn--small dialog__close" aria-label="Close" onClick={() => onCloseRef.current()}>
            ✕
          </button>
        )}
        <h2 id={titleId}>{title}</h2>
        {children}
        {actions && <div className="dialog__actions">{actions}</div>}
      </div>
    </dialog>
  );
}
