import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, ButtonLink, Field, Input } from '../../../shared/ui';
import { failureText, passwordErrors, type PasswordErrors } from '../signIn';
import { useResetPasswordMutation } from './accountApi';

/** The page a reset mail links to (`/reset-password?token=…`): a new password, twice. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const [reset, { isLoading }] = useResetPasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordErrors(password, confirm);
    setErrors(found);
    if (found.password || found.confirm) return;
    setFailure(undefined);
    const result = await reset({ token, password });
    if (result.data) setDone(result.data.message);
    else setFailure(failureText(result.error));
  };

  return (
    <main className="auth">
      <div className="card auth__card">
        <h1>Choose a new password</h1>
        {done ? (
          <div className="stack">
            <p className="alert alert--success" role="status">
              {done}
            </p>
            <ButtonLink to="/login" block>
              Go to Log In
            </ButtonLink>
          </div>
        ) : !token ? (
          <div className="stack">
            <p className="alert alert--error" role="alert">
              This page needs the link from your password reset mail.
            </p>
            <ButtonLink to="/forgot-password" variant="secondary" block>
              Ask for a new link
            </ButtonLink>
          </div>
        ) : (
          <form className="stack" onSubmit={submit} noValidate>
            <p className="muted">Every device signed in to your account will be signed out.</p>
            {failure && (
              <div className="stack">
                <p className="alert alert--error" role="alert">
                  {failure}
                </p>
                <ButtonLink to="/forgot-password" variant="secondary" block>
                  Ask for a new link
                </ButtonLink>
              </div>
            )}
            <Field label="New password" hint="At least 6 characters." error={errors.password}>
              <Input name="password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
            <Field label="Confirm new password" error={errors.confirm}>
              <Input name="confirm" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            </Field>
            <div className="auth__actions">
              <Button type="submit" block busy={isLoading}>
                {isLoading ? 'Saving…' : 'Save new password'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </main>
  );
}
