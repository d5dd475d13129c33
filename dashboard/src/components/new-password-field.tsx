/** A new password (at least 12 characters, as the server requires), with the server's message for it. */
import { ApiError } from '../api/client.ts';
import { Field } from './field.tsx';

type Props = {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  /** The failed request, whose `pointer` field error is shown. */
  error: unknown;
  pointer?: string;
};

export function NewPasswordField({ label, hint, value, onChange, error, pointer = '/password' }: Props) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error instanceof ApiError ? error.fieldError(pointer, { [pointer]: label }) : undefined}
    >
      <input
        type="password"
        autoComplete="new-password"
        required
        minLength={12}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
