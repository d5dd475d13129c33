/** The account's email address, as sign-in, setup and password reset ask for it (`username` autofill). */
import { Field } from './field.tsx';

type EmailFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
};

export function EmailField({ value, onChange, error }: EmailFieldProps) {
  return (
    <Field label="Email" error={error}>
      <input
        type="email"
        autoComplete="username"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
