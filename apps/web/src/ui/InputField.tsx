import { useId, type InputHTMLAttributes } from 'react';

/**
 * A label, its input and the error under it, linked by aria-invalid and aria-describedby; the
 * caller gives the look (`className`, `errorClassName`). An error that appears while the user types
 * is announced at once with `isErrorAnnounced`.
 */
export function InputField({
  label,
  error,
  className,
  errorClassName,
  isErrorAnnounced = false,
  ...input
}: {
  label: string;
  error: string | null | undefined;
  className: string;
  errorClassName: string;
  isErrorAnnounced?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className={errorClassName} role={isErrorAnnounced ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
