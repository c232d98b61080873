import { cloneElement, useId, type InputHTMLAttributes, type ReactElement, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { dayPattern, formatDay } from '../dates';
import { useScriptsRunning } from './scriptsRunning';

interface FieldProps {
  label: ReactNode;
  /** Shown under the control and tied to it with aria-describedby. */
  hint?: ReactNode;
  error?: ReactNode;
  optional?: boolean;
  /** One control (Input, Select, TextArea or any element taking id and aria props). */
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
  className?: string;
}

/** A labelled control: the label, hint and error are wired to the control so every input has a name and a reason. */
export function Field({ label, hint, error, optional, children, className }: FieldProps) {
  const auto = useId();
  const id = children.props.id ?? auto;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      {cloneElement(children, { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A field of a prerendered page takes typing once the scripts run it (useScriptsRunning). */
export function Input({ className, readOnly, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  const running = useScriptsRunning();
  return <input {...rest} readOnly={readOnly || !running} className={['input', className].filter(Boolean).join(' ')} />;
}

/**
 * A day ('YYYY-MM-DD') picked with the browser's own date field (its calendar, keyboard and name kept), written in the
 * browser's language over it: the native field draws its text in the browser's interface language, which need not be
 * the person's (an en-GB page in a Chromium showing 11/29/2026), so its own text is hidden and `formatDay` writes the
 * day the way every other date of the app is written.
 */
export function DateInput({ className, value, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> & { value: string }) {
  return (
    <span className="date-input">
      <Input {...rest} type="date" value={value} className={['date-input__control', className].filter(Boolean).join(' ')} />
      <span className={value ? 'date-input__shown' : 'date-input__shown date-input__shown--empty'} aria-hidden="true">
        {value ? formatDay(value) : dayPattern()}
      </span>
    </span>
  );
}

export const Select = ({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) => <select {...rest} className={['input', className].filter(Boolean).join(' ')} />;

export function TextArea({ className, readOnly, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const running = useScriptsRunning();
  return <textarea {...rest} readOnly={readOnly || !running} className={['input', className].filter(Boolean).join(' ')} />;
}

/** A checkbox or radio with its label beside it. */
export function Check({ label, className, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }) {
  return (
    <label className={['check', className].filter(Boolean).join(' ')}>
      <input type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  );
}
