import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { useScriptsRunning } from './scriptsRunning';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface Look {
  variant?: ButtonVariant;
  small?: boolean;
  block?: boolean;
}

export const buttonClass = ({ variant = 'primary', small, block }: Look, extra?: string) =>
  ['btn', `btn--${variant}`, small && 'btn--small', block && 'btn--block', extra].filter(Boolean).join(' ');

/** The one button. `busy` disables it and says so to assistive technology; a submit button waits for the scripts. */
export function Button({ variant, small, block, busy, className, type = 'button', disabled, children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & Look & { busy?: boolean }) {
  const running = useScriptsRunning();
  return (
    <button {...rest} type={type} disabled={disabled || busy || (type === 'submit' && !running)} aria-busy={busy || undefined} className={buttonClass({ variant, small, block }, className)}>
      {children}
    </button>
  );
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant, small, block, className, ...rest }: LinkProps & Look) {
  return <Link {...rest} className={buttonClass({ variant, small, block }, className)} />;
}
