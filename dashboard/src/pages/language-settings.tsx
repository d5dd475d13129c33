/**
 * Settings → Languages (docs/languages.md): the project's default language (`Default language`, the
 * language of entries' own text) and its other languages (`Other languages`, 0-20 BCP 47 tags, comma
 * separated), saved with PATCH /api/v1/project. Publishers and owners change them; the server checks
 * the tags and answers each bad one at its field.
 */
import { type FormEvent, useState } from 'react';
import { useReaderSettings, useSaveLanguages } from '../api/readers.ts';
import { Field } from '../components/field.tsx';
import { ErrorAlert, Notice } from '../components/status.tsx';
import { fieldMessages } from '../problem-messages.ts';
import { languageName } from './locale-tabs.tsx';

const LABELS = { '/defaultLocale': 'Default language' };

/** `"de, fr pt-BR"` → `["de", "fr", "pt-BR"]`. */
const tagsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

function LanguageForm(props: { slug: string; defaultLocale: string; locales: string[]; canEdit: boolean }) {
  const save = useSaveLanguages(props.slug);
  const [defaultLocale, setDefaultLocale] = useState(props.defaultLocale);
  const [others, setOthers] = useState(props.locales.join(', '));
  const dirty =
    defaultLocale.trim() !== props.defaultLocale || tagsOf(others).join() !== props.locales.join();
  const messages = fieldMessages(save.error, LABELS);
  // Any `/locales/<i>` names one of the tags typed: shown at the field, naming the tag.
  const othersError = messages
    .filter((m) => m.pointer.startsWith('/locales'))
    .map((m) => {
      const tag = tagsOf(others)[Number(m.pointer.split('/')[2])];
      return tag ? `${tag}: ${m.sentence}` : m.sentence;
    })
    .join(' ');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ defaultLocale: defaultLocale.trim(), locales: tagsOf(others) });
  };
  return (
    <form onSubmit={submit}>
      <fieldset disabled={!props.canEdit}>
        <legend className="sr-only">Languages</legend>
        <Field
          label="Default language"
          hint="The language entries are written in, as a BCP 47 tag: en, de, pt-BR."
          error={messages.find((m) => m.pointer === '/defaultLocale')?.sentence}
        >
          <input required value={defaultLocale} onChange={(e) => setDefaultLocale(e.target.value)} />
        </Field>
        <Field
          label="Other languages"
          hint="Languages entries may be translated into, separated by commas (at most 20): de, fr, pt-BR."
          error={othersError || undefined}
        >
          <input value={others} onChange={(e) => setOthers(e.target.value)} />
        </Field>
        <ErrorAlert error={save.error} labels={LABELS} />
        {save.isSuccess && !dirty && <Notice>Languages saved.</Notice>}
        <button type="submit" disabled={save.isPending || !dirty}>
          Save languages
        </button>
      </fieldset>
    </form>
  );
}

export function LanguageSettings({ slug, canEdit }: { slug: string; canEdit: boolean }) {
  const settings = useReaderSettings(slug);
  return (
    <section className="card" aria-labelledby="languages-heading">
      <h2 id="languages-heading">Languages</h2>
      {settings.data ? (
        <>
          <p>
            Entries are written in {languageName(settings.data.defaultLocale)}
            {settings.data.locales.length > 0 &&
              ` and translated into ${settings.data.locales.map(languageName).join(', ')}`}
            . Readers get their language where an entry has it.
          </p>
          <LanguageForm
            slug={slug}
            defaultLocale={settings.data.defaultLocale}
            locales={settings.data.locales}
            canEdit={canEdit}
          />
        </>
      ) : (
        <ErrorAlert error={settings.error} />
      )}
    </section>
  );
}
