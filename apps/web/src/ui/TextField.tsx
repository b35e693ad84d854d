import { useId, type ReactNode } from 'react';
import './text-field.css';

export interface TextFieldProps {
  label: string;
  type: 'email' | 'text' | 'password';
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoComplete: string;
  autoFocus?: boolean;
  hint?: string;
  /** Translated error, shown in red under the field and linked to it. */
  error?: string | undefined;
  /**
   * An error that appears while the user types is announced at once (role="alert"); one shown on
   * leaving the field is read with the field when the user comes back to it.
   */
  isErrorAnnounced?: boolean;
  /** Read-only text shown after the input, e.g. a fixed e-mail domain. */
  suffix?: ReactNode;
  /** Required unless told otherwise. */
  isRequired?: boolean;
  /** The phone keyboard for a number with decimals (an amount). */
  inputMode?: 'decimal';
  maxLength?: number;
}

/** A labelled, required input; its suffix, hint and error are linked by aria-describedby. */
export function TextField({
  label,
  type,
  value,
  onChange,
  onBlur,
  autoComplete,
  autoFocus,
  hint,
  error,
  isErrorAnnounced = false,
  suffix,
  isRequired = true,
  inputMode,
  maxLength,
}: TextFieldProps) {
  const id = useId();
  const suffixId = `${id}-suffix`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [suffix ? suffixId : null, hint ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="text-field">
      <label className="text-field-label" htmlFor={id}>
        {label}
      </label>
      <div className={error ? 'text-field-control is-invalid' : 'text-field-control'}>
        <input
          id={id}
          className="text-field-input"
          type={type}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="none"
          inputMode={inputMode ?? (type === 'email' ? 'email' : undefined)}
          required={isRequired}
          maxLength={maxLength}
          autoFocus={autoFocus}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        {suffix ? (
          <span id={suffixId} className="text-field-suffix">
            {suffix}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-field-error" role={isErrorAnnounced ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
