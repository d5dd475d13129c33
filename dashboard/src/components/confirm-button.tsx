/**
 * A destructive row or page action (remove, revoke, delete, leave): a danger-styled button that asks
 * `question` with the browser's own confirmation dialog and runs `onConfirm` only when it is accepted.
 */
import type { ReactNode } from 'react';

export function ConfirmButton({
  question,
  onConfirm,
  label,
  disabled,
  children,
}: {
  question: string;
  onConfirm: () => void;
  /** The accessible name, when the visible text alone does not say what it acts on. */
  label?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="danger"
      aria-label={label}
      disabled={disabled}
      onClick={() => {
        if (window.confirm(question)) onConfirm();
      }}
    >
      {children}
    </button>
  );
}
