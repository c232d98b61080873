export const PASSWORD_MIN = 6;

export interface PasswordErrors {
  password?: string;
  confirm?: string;
}

/** A new password and its confirmation (sign-up, reset, change): required, at least 6 characters, both the same. */
export function passwordErrors(password: string, confirm: string): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!password) errors.password = 'Password is required.';
  else if (password.length < PASSWORD_MIN) errors.password = `Password must be at least ${PASSWORD_MIN} characters.`;
  if (!confirm) errors.confirm = 'Please confirm your password.';
  else if (password !== confirm) errors.confirm = 'Passwords do not match';
  return errors;
}
