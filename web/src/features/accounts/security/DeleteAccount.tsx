import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_DELETED } from '../../../shared/auth/authSlice';
import { Button, Dialog, Field, Input } from '../../../shared/ui';
import { failureText } from '../signIn';
import { useDeleteAccountMutation } from './accountApi';

/**
 * "Delete my account": says what will happen, then asks for the password in a dialog. On success the app is signed
 * out and the login page says the account is gone.
 */
export function DeleteAccount({ subscriber }: { subscriber: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [remove, { isLoading }] = useDeleteAccountMutation();
  const navigate = useNavigate();

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Please enter your password to confirm.');
    setError(undefined);
    const result = await remove({ password });
    if (result.data) void navigate('/login', { state: ACCOUNT_DELETED, replace: true });
    else setError(failureText(result.error));
  };

  return (
    <div className="stack">
      <p>Deleting your account cannot be undone. When you delete it:</p>
      <ul className="delete-account__list">
        {subscriber && <li>your subscription is cancelled at once, and you are not charged again;</li>}
        <li>your profile, plans, workouts, meals, chats and tickets are deleted, and everything you wrote or told us about yourself can no longer be read by anyone, us included;</li>
        <li>every device signed in to your account is signed out;</li>
        <li>your e-mail address and username are free to be used again.</li>
      </ul>
      <p className="muted">Counts with nothing of you in them (how many people trained this week) stay. Want a copy first? Use Download my data above.</p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={close}
        alert
        title="Delete your account for good?"
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              Keep my account
            </Button>
            <Button variant="danger" type="submit" form="delete-account-form" busy={isLoading}>
              {isLoading ? 'Deleting…' : 'Delete for good'}
            </Button>
          </>
        }
      >
        <form id="delete-account-form" className="stack" onSubmit={submit} noValidate>
          <p>This cannot be undone. Enter your password to confirm it is you.</p>
          <Field label="Your password" error={error}>
            <Input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
        </form>
      </Dialog>
    </div>
  );
}
