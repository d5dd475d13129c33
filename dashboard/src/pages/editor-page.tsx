/**
 * The entry editor (docs/api.md#entries): `Title`, `Body` with the server's
 * live preview, `Category`, `Version`, `Visibility`; images by button, paste and drop; `Save draft`,
 * and for publishers `Publish`, `Schedule` (a date and time), cancelling a schedule, `Unpublish`,
 * `Delete`. Leaving with unsaved changes asks first. Every action is an /api/v1 call on the session.
 * The fields, the actions and the state live in entry-fields.tsx, entry-actions.tsx and
 * use-entry-editor.ts.
 */
import { type FormEvent, useId } from 'react';
import { useEntry } from '../api/entries.ts';
import { MarkdownPreview } from '../components/markdown-preview.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, Loading, usePageTitle } from '../components/status.tsx';
import type { Entry } from '../types.ts';
import { EntryActions, ScheduleFields } from './entry-actions.tsx';
import { EntryFields } from './entry-fields.tsx';
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
          <EntryFields slug={project.slug} editor={editor} />
          <EntryActions editor={editor} saved={saved} canPublish={canPublish} />
          {canPublish && status === 'draft' && <ScheduleFields editor={editor} scheduled={scheduled} />}
          {saved?.url && (
            <p>
              Public page: <a href={saved.url}>{saved.url}</a>
            </p>
          )}
        </form>
        <MarkdownPreview slug={project.slug} body={editor.form.body} labelId={previewId} />
      </div>
    </>
  );
}
