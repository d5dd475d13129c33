/**
 * A labelled form control with its hint, its character count and its error, tied together for
 * assistive technology (`aria-describedby`, `aria-invalid`).
 */
import { type ReactElement, cloneElement, useId } from 'react';

type FieldProps = {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /**
   * A visible "n/max" count of the value's characters (as the server counts them: UTF-16 code units);
   * over `max` it says by how much and marks the control invalid. The control then has no
   * `maxLength`, which would cut a paste silently.
   */
  count?: { value: number; max: number } | undefined;
  /** One input, select or textarea; it gets the id, aria-describedby and aria-invalid. */
  children: ReactElement<Record<string, unknown>>;
};

export function Field({ label, hint, error, count, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const countId = count ? `${id}-count` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const over = count ? count.value - count.max : 0;
  const describedBy = [hintId, countId, errorId].filter(Boolean).join(' ') || undefined;
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
        'aria-invalid': error || over > 0 ? true : undefined,
      })}
      {count && (
        <p className={over > 0 ? 'counter over' : 'counter'} id={countId}>
          <span aria-hidden="true">
            {count.value}/{count.max}
            {over > 0 && ` · ${over} too many`}
          </span>
          <span className="sr-only">
            {count.value} of at most {count.max} characters{over > 0 && `: ${over} too many`}
          </span>
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
