import { useNavigate } from 'react-router-dom';
import { SUBSCRIBE_PATH } from '../../shared/auth/access';
import { Button, Dialog } from '../../shared/ui';
import { SLASH_COMMANDS, type Popup } from './chatModes';

const POPUPS: Record<Popup, { title: string; text: string; action?: { label: string; to: string } }> = {
  help: { title: 'Chat Help', text: 'Ask the AI trainer anything about training and food, or ask it for a workout plan or a meal plan to save.' },
  auth: { title: 'Authentication Required', text: 'You need to be logged in to chat with the assistant.', action: { label: 'Log In', to: '/login' } },
  subscription: {
    title: 'Subscription Required',
    text: 'You need an active subscription to chat with the assistant.',
    action: { label: 'View Subscription', to: SUBSCRIBE_PATH },
  },
  tooLarge: {
    title: 'Request Too Large!',
    text: "Your request was too detailed and exceeded the AI's processing limit. Please try with fewer details or consider breaking it into smaller requests.",
  },
};

/** The chat's popups (docs/product.md#screens-feature-by-feature, docs/product.md#what-the-user-is-told-when-something-fails) as modal dialogs. */
export function ChatPopup({ popup, onClose }: { popup: Popup; onClose: () => void }) {
  const navigate = useNavigate();
  const { title, text, action } = POPUPS[popup];
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {action ? 'Not now' : 'Got it'}
          </Button>
          {action && <Button onClick={() => navigate(action.to)}>{action.label}</Button>}
        </>
      }
    >
      <p>{text}</p>
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
    </Dialog>
  );
}
