import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { SLASH_COMMANDS, type Popup } from './chatModes';

const POPUPS: Record<Popup, { title: string; text: string; action?: { label: string; to: string } }> = {
  help: { title: 'Chat Help', text: 'Ask the AI trainer anything about training and food, or ask it for a workout plan or a meal plan to save.' },
  auth: { title: 'Authentication Required', text: 'You need to be logged in to chat with the assistant.', action: { label: 'Log In', to: '/login' } },
  subscription: {
    title: 'Subscription Required',
    text: 'You need an active subscription to chat with the assistant.',
    action: { label: 'View Subscription', to: '/prof' },
  },
  tooLarge: {
    title: 'Request Too Large!',
    text: "Your request was too detailed and exceeded the AI's processing limit. Please try with fewer details or consider breaking it into smaller requests.",
  },
};

/** The chat's popups (spec §2, §8) as modal dialogs. */
export function ChatPopup({ popup, onClose }: { popup: Popup; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const { title, text, action } = POPUPS[popup];
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog ref={dialog} className="overlay overlay--small" aria-labelledby="chat-popup-title" aria-describedby="chat-popup-text" onClose={onClose} onCancel={onClose}>
      <h2 id="chat-popup-title">{title}</h2>
      <p id="chat-popup-text">{text}</p>
      {popup === 'help' && (
        <ul className="command-help">
          {SLASH_COMMANDS.map((c) => (
            <li key={c.command}>
              <code>{c.command}</code> — {c.description}
            </li>
          ))}
          <li>Enter sends, Shift+Enter starts a new line.</li>
        </ul>
      )}
      <div className="actions">
        {action && (
          <button type="button" className="btn btn-primary" onClick={() => navigate(action.to)}>
            {action.label}
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
