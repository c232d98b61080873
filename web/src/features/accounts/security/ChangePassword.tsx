import { useState, type FormEvent } from 'react';
import { signedIn } from '../../../shared/auth/authSlice';
import { useAppDispatch } from '../../../shared/store/hooks';
import { Button, Field, Input } from '../../../shared/ui';
import { failureText, passwordErrors } from '../signIn';
import { useChangePasswordMutation } from './accountApi';

/** The profile's password change: the current password, the new one twice. Every other device is signed out. */
export function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; password?: string; confirm?: string }>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [change, { isLoading }] = useChangePasswordMutation();
  const dispatch = useAppDispatch();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { current: current ? undefined : 'Please enter your current password.', ...passwordErrors(password, confirm) };
    setErrors(found);
    if (found.current || found.password || found.confirm) return;
    setOutcome(undefined);
    const result = await change({ currentPassword: current, newPassword: password });
    if (result.data) {
      dispatch(signedIn(result.data.token));
      setCurrent('');
      setPassword('');
      setConfirm('');
      setOutcome({ ok: true, text: result.data.message });
    } else setOutcome({ ok: false, text: failureText(result.error) });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <h3 id="change-password-title">Change password</h3>
      <div className="form-grid">
        <Field label="Current password" error={errors.current}>
          <Input name="currentPassword" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        </Field>
        <Field label="New password" hint="At least 6 characters." error={errors.password}>
          <Input name="newPassword" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field label="Confirm new password" error={errors.confirm}>
          <Input name="confirmPassword" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </Field>
      </div>
      {outcome && (
        <p className={outcome.ok ? 'alert alert--success' : 'alert alert--error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
      <div>
        <Button type="submit" variant="secondary" busy={isLoading}>
          Change password
        </Button>
      </div>
    </form>
  );
}
