/**
 * The editor's languages (docs/languages.md "Drafting translations"): a tab per locale, the project's
 * default first (the entry's own fields), then each other locale, marked "Not translated" while the
 * entry has no text in it. A locale's tab edits that translation's `Title`, `Body` and `Summary`, saved
 * with the entry; with an AI provider configured, `Draft translation` fills them with the provider's
 * draft of the saved entry, for review: nothing is saved until the user saves.
 */
import { type KeyboardEvent, useRef } from 'react';
import { useDraftTranslation } from '../api/entries.ts';
import { Field } from '../components/field.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, Notice } from '../components/status.tsx';
import type { Entry } from '../types.ts';
import type { EntryEditor } from './use-entry-editor.ts';

const NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/** `de` → "German (de)"; a tag without a known name is itself. */
export function languageName(tag: string): string {
  let name: string | undefined;
  try {
    name = NAMES.of(tag);
  } catch {
    name = undefined;
  }
  return name && name !== tag ? `${name} (${tag})` : tag;
}

/** The id of `locale`'s tab and of the panel it controls. */
export const tabId = (locale: string) => `locale-tab-${locale}`;
export const LOCALE_PANEL = 'locale-panel';

type TabsProps = {
  locales: readonly string[];
  defaultLocale: string;
  active: string;
  setActive: (locale: string) => void;
  /** Whether the entry, as typed, has text in `locale`. */
  translated: (locale: string) => boolean;
};

/** The tabs, default locale first (arrow keys move between them, as ARIA's tabs pattern says). */
export function LocaleTabs({ locales, defaultLocale, active, setActive, translated }: TabsProps) {
  const all = [defaultLocale, ...locales];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + all.length) % all.length;
    setActive(all[next]!);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Language" className="tabs locale-tabs">
      {all.map((locale, i) => (
        <button
          key={locale}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={tabId(locale)}
          aria-selected={active === locale}
          aria-controls={LOCALE_PANEL}
          tabIndex={active === locale ? 0 : -1}
          onClick={() => setActive(locale)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {languageName(locale)}
          {locale === defaultLocale && <span className="tab-note">Default</span>}
          {locale !== defaultLocale && !translated(locale) && (
            <span className="tab-note missing">Not translated</span>
          )}
        </button>
      ))}
    </div>
  );
}

/** The longest title and summary the API takes (core/contract/entries.schema.ts). */
const TITLE_MAX = 200;
const SUMMARY_MAX = 500;

type FieldsProps = { editor: EntryEditor; locale: string; defaultLocale: string; saved: Entry | null };

function DraftButton({ editor, locale, defaultLocale, saved }: FieldsProps) {
  const project = useProject();
  const draft = useDraftTranslation(project.slug, saved?.id);
  if (!project.translationDrafts) return null;
  if (!saved) return <p className="hint">Save the entry first to draft a translation of it.</p>;
  const run = () =>
    draft.mutate(locale, {
      onSuccess: ({ translation }) =>
        editor.fillTranslation(locale, { ...translation, summary: translation.summary ?? '' }),
    });
  return (
    <div className="draft-translation">
      <div className="row">
        <button type="button" className="secondary" disabled={draft.isPending} onClick={run}>
          Draft translation
        </button>
        <p className="hint">Drafted from the saved {languageName(defaultLocale)} text.</p>
      </div>
      {draft.isPending && <Notice>Drafting…</Notice>}
      {draft.isSuccess && !draft.isPending && (
        <Notice>Drafted by {draft.data.model}: review it, then save. Nothing is saved until you do.</Notice>
      )}
      <ErrorAlert error={draft.error} />
    </div>
  );
}

/** `locale`'s translation of the entry: its title, Markdown body and plain summary. */
export function TranslationFields(props: FieldsProps) {
  const { editor, locale } = props;
  const text = editor.form.translations[locale] ?? { title: '', body: '', summary: '' };
  const error = (field: string) => editor.fieldError(`/translations/${locale}/${field}`);
  return (
    <>
      <DraftButton {...props} />
      <Field label="Title" error={error('title')} count={{ value: text.title.length, max: TITLE_MAX }}>
        <input value={text.title} onChange={(e) => editor.setTranslation(locale, 'title', e.target.value)} />
      </Field>
      <Field label="Body" hint="Markdown." error={error('body')}>
        <textarea
          rows={14}
          value={text.body}
          onChange={(e) => editor.setTranslation(locale, 'body', e.target.value)}
        />
      </Field>
      <Field
        label="Summary"
        hint="Optional. Plain words for your users."
        error={error('summary')}
        count={{ value: text.summary.length, max: SUMMARY_MAX }}
      >
        <textarea
          rows={3}
          className="short"
          value={text.summary}
          onChange={(e) => editor.setTranslation(locale, 'summary', e.target.value)}
        />
      </Field>
    </>
  );
}
