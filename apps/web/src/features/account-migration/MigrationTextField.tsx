import { useId } from 'react';

export interface MigrationTextFieldProps {
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Translated error, shown in red under the field and announced with it. */
  error?: string | undefined;
  hint?: string;
  autoFocus?: boolean;
}

/** A labelled input of the login-change screens, its hint and error linked by aria-describedby. */
export function MigrationTextField({
  label,
  type,
  autoComplete,
  value,
  onChange,
  onBlur,
  error,
  hint,
  autoFocus,
}: MigrationTextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="migration-field">
      <label className="migration-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={error ? 'migration-input is-invalid' : 'migration-input'}
        type={type}
        autoComplete={autoComplete}
        spellCheck={false}
        autoCapitalize="none"
        inputMode={type === 'email' ? 'email' : undefined}
        required
        autoFocus={autoFocus}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {hint ? (
        <p id={hintId} className="migration-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="migration-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
