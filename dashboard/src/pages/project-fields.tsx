/** A new project's name and slug (the slug follows the name until edited by hand). */
import { useState } from 'react';
import { Field } from '../components/field.tsx';

export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

export function useProjectFields() {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  return {
    value: { name, slug: slugEdited ? slug : slugify(name) },
    setName,
    setSlug: (s: string) => {
      setSlug(s);
      setSlugEdited(true);
    },
  };
}

export function ProjectFields({
  fields,
  errorOf,
}: {
  fields: ReturnType<typeof useProjectFields>;
  errorOf: (pointer: string) => string | undefined;
}) {
  return (
    <>
      <Field label="Project name" error={errorOf('/name')}>
        <input
          required
          maxLength={100}
          value={fields.value.name}
          onChange={(e) => fields.setName(e.target.value)}
        />
      </Field>
      <Field
        label="Project slug"
        hint="Lower-case letters, digits and dashes: the widget and the public page use it."
        error={errorOf('/slug')}
      >
        <input
          required
          pattern="[a-z0-9]([a-z0-9\-]{0,62}[a-z0-9])?"
          value={fields.value.slug}
          onChange={(e) => fields.setSlug(e.target.value)}
        />
      </Field>
    </>
  );
}
