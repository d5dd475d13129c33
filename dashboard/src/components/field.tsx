/** A labelled form control with its hint and its error, tied together for assistive technology. */
import { type ReactElement, cloneElement, useId } from 'react';

type FieldProps = {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** One input, select or textarea; it gets the id, aria-describedby and aria-invalid. */
  children: ReactElement<Record<string, unknown>>;
};

export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
