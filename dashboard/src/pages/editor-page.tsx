/**
 * The entry editor (docs/api.md#entries): `Title`, `Body` with the server's
 * live preview, `Category`, `Version`, `Visibility`; images by button, paste and drop; `Save draft`,
 * and for publishers `Publish`, `Schedule` (a date and time), cancelling a schedule, `Unpublish`,
 * `Delete`. Leaving with unsaved changes asks first. Every action is an /api/v1 call on the session.
 * With other locales, a tab per locale (locale-tabs.tsx): the default's are the fields above, each
 * other's its translation. The fields, the actions and the state live in entry-fields.tsx,
 * entry-actions.tsx, locale-tabs.tsx and use-entry-editor.ts.
 */
import { type FormEvent, useId, useState } from 'react';
import { useEntry } from '../api/entries.ts';
import { useReaderSettings } from '../api/readers.ts';
import { MarkdownPreview } from '../components/markdown-preview.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, Loading, usePageTitle } from '../components/status.tsx';
import type { Entry } from '../types.ts';
import { EntryActions, ScheduleFields } from './entry-actions.tsx';
import { EntryFields } from './entry-fields.tsx';
import { LOCALE_PANEL, LocaleTabs, tabId, TranslationFields } from './locale-tabs.tsx';
import { useEntryEditor } from './use-entry-editor.ts';

export function EditorPage({ params }: { params: { id?: string } }) {
  const project = useProject();
  const entry = useEntry(project.slug, params.id);
  if (params.id && entry.isPending) return <Loading />;
  if (params.id && entry.error) return <ErrorAlert error={entry.error} />;
  return <Editor key={params.id ?? 'new'} saved={entry.data ?? null} />;
}

function Editor({ saved }: { saved: Entry | null }) {
  const project = useProject();
  usePageTitle(saved ? `Edit “${saved.title}”` : 'New entry');
  const editor = useEntryEditor(project.slug, saved);
  const previewId = useId();
  const languages = useReaderSettings(project.slug).data;
  const defaultLocale = languages?.defaultLocale ?? '';
  const locales = languages?.locales ?? [];
  const [chosen, setActive] = useState('');
  // The default locale's tab until another is chosen (and if the chosen one leaves the list).
  const active = locales.includes(chosen) ? chosen : defaultLocale;
  const translating = active !== defaultLocale;
  const translated = (locale: string) => {
    const t = editor.form.translations[locale];
    return t !== undefined && (t.title.trim() !== '' || t.body.trim() !== '');
  };
  const canPublish = project.role !== 'contributor';
  const status = saved?.status ?? 'draft';
  const scheduled = saved?.scheduledFor ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    editor.run('save');
  };
  return (
    <>
      <div className="page-head">
        <h1>{saved ? 'Edit entry' : 'New entry'}</h1>
        <span className="badge">
          {status === 'published' ? 'Published' : scheduled ? 'Scheduled' : 'Draft'}
        </span>
        {editor.dirty && <span className="badge unsaved">Unsaved changes</span>}
      </div>
      <div className="editor">
        <form onSubmit={submit} className="card editor-form">
          {locales.length > 0 && (
            <LocaleTabs
              locales={locales}
              defaultLocale={defaultLocale}
              active={active}
              setActive={setActive}
              translated={translated}
            />
          )}
          <div
            {...(locales.length > 0
              ? { role: 'tabpanel', id: LOCALE_PANEL, 'aria-labelledby': tabId(active) }
              : {})}
          >
            {translating ? (
              <TranslationFields
                editor={editor}
                locale={active}
                defaultLocale={defaultLocale}
                saved={saved}
              />
            ) : (
              <EntryFields slug={project.slug} editor={editor} />
            )}
          </div>
          <EntryActions editor={editor} saved={saved} canPublish={canPublish} />
          {canPublish && status === 'draft' && <ScheduleFields editor={editor} scheduled={scheduled} />}
          {saved?.url && (
            <p>
              Public page: <a href={saved.url}>{saved.url}</a>
            </p>
          )}
        </form>
        <MarkdownPreview
          slug={project.slug}
          body={translating ? (editor.form.translations[active]?.body ?? '') : editor.form.body}
          labelId={previewId}
        />
      </div>
    </>
  );
}
