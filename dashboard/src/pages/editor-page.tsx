/**
 * The entry editor (CONTRACT.md "Dashboard" and "Entry lifecycle"): `Title`, `Body` with the server's
 * live preview, `Category`, `Version`, `Visibility`; images by button, paste and drop; `Save draft`,
 * and for publishers `Publish`, `Schedule` (a date and time), cancelling a schedule, `Unpublish`,
 * `Delete`. Leaving with unsaved changes asks first. Every action is an /api/v1 call on the session.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClipboardEvent, type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { v1 } from '../api.ts';
import { fieldMessage } from '../problem-messages.ts';
import { Field } from '../components/field.tsx';
import { MarkdownPreview } from '../components/markdown-preview.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, Loading, Notice, usePageTitle } from '../components/status.tsx';
import { useImageUpload } from '../components/use-image-upload.ts';
import { clearUnsavedChanges, useUnsavedChanges } from '../navigation-guard.ts';
import type { Category, Entry, Visibility } from '../types.ts';
import { CATEGORY_LABELS, VISIBILITY_LABELS } from './entry-options.ts';
import { Options } from '../components/options.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';

/** The editor's labels where they are not the pointer's words (problem-messages.ts). */
const LABELS = { '/at': 'Publish at', '/publishAt': 'Publish at' };
/** The longest title the API takes (core/contract/entries.schema.ts). */
const TITLE_MAX = 200;

type Form = { title: string; body: string; category: Category; version: string; visibility: Visibility };
const EMPTY: Form = { title: '', body: '', category: 'feature', version: '', visibility: 'external' };
const formOf = (e: Entry): Form => ({
  title: e.title,
  body: e.body,
  category: e.category,
  version: e.version ?? '',
  visibility: e.visibility,
});

export function EditorPage({ params }: { params: { id?: string } }) {
  const project = useProject();
  const id = params.id;
  const entry = useQuery({
    queryKey: ['entry', project.slug, id],
    queryFn: () => v1<{ entry: Entry }>(project.slug, `/entries/${encodeURIComponent(id!)}`),
    select: (d) => d.entry,
    enabled: id !== undefined,
  });
  if (id && entry.isPending) return <Loading />;
  if (id && entry.error) return <ErrorAlert error={entry.error} />;
  return <Editor key={id ?? 'new'} saved={entry.data ?? null} />;
}

function Editor({ saved }: { saved: Entry | null }) {
  const project = useProject();
  usePageTitle(saved ? `Edit “${saved.title}”` : 'New entry');
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<Form>(saved ? formOf(saved) : EMPTY);
  const [baseline, setBaseline] = useState<Form>(form);
  const [at, setAt] = useState('');
  const [done, setDone] = useState('');
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const previewId = useId();
  const dirty = JSON.stringify(form) !== JSON.stringify(baseline);
  useUnsavedChanges(dirty);
  const canPublish = project.role !== 'contributor';

  const insertAtCursor = (markdown: string) => {
    const area = bodyRef.current;
    setForm((f) => {
      const start = area?.selectionStart ?? f.body.length;
      const end = area?.selectionEnd ?? start;
      const before = f.body.slice(0, start);
      // An image of its own: a blank line before it (unless at the start) and after it.
      const gap = !before || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
      return { ...f, body: `${before}${gap}${markdown}\n\n${f.body.slice(end).replace(/^\n+/, '')}` };
    });
  };
  const images = useImageUpload(project.slug, insertAtCursor);

  /** Create or save the entry as the form says; returns its id. */
  const save = async (extra: { publish?: boolean; publishAt?: string } = {}): Promise<string> => {
    const version = form.version.trim();
    if (!saved) {
      const created = await v1<{ entry: { id: string } }>(project.slug, '/entries', {
        method: 'POST',
        body: { ...form, version: version || undefined, ...extra },
      });
      return created.entry.id;
    }
    if (dirty) {
      await v1(project.slug, `/entries/${saved.id}`, {
        method: 'PATCH',
        body: { ...form, version: version || null },
      });
    }
    return saved.id;
  };
  const action = useMutation({
    mutationFn: async (kind: 'save' | 'publish' | 'schedule' | 'cancel' | 'unpublish' | 'delete') => {
      const path = (id: string, tail = '') => `/entries/${encodeURIComponent(id)}${tail}`;
      const post = (id: string, tail: string, body?: object) =>
        v1(project.slug, path(id, tail), { method: 'POST', body });
      switch (kind) {
        case 'save':
          return { id: await save(), message: 'Saved.' };
        case 'publish': {
          if (!saved) return { id: await save({ publish: true }), message: 'Published.' };
          await post(await save(), '/publish');
          return { id: saved.id, message: 'Published.' };
        }
        case 'schedule': {
          const when = new Date(at);
          if (!at || Number.isNaN(when.getTime())) throw new Error('Choose the date and time to publish at.');
          if (!saved) return { id: await save({ publishAt: when.toISOString() }), message: 'Scheduled.' };
          await post(await save(), '/publish', { at: when.toISOString() });
          return { id: saved.id, message: 'Scheduled.' };
        }
        case 'cancel':
          await v1(project.slug, path(saved!.id, '/schedule'), { method: 'DELETE' });
          return { id: saved!.id, message: 'Schedule cancelled.' };
        case 'unpublish':
          await post(saved!.id, '/unpublish');
          return { id: saved!.id, message: 'Unpublished: it is a draft again.' };
        case 'delete':
          await v1(project.slug, path(saved!.id), { method: 'DELETE' });
          return { id: null, message: 'Deleted.' };
      }
    },
    onSuccess: async ({ id, message }) => {
      setBaseline(form);
      clearUnsavedChanges();
      setDone(message);
      await client.invalidateQueries({ queryKey: ['entries', project.slug] });
      if (id === null) navigate('/');
      else if (!saved) navigate(`/entries/${id}`, { replace: true });
      else await client.invalidateQueries({ queryKey: ['entry', project.slug, id] });
    },
  });
  const fieldError = (pointer: string) => fieldMessage(action.error, pointer, LABELS);
  /** Change a field; the last refusal's messages go, as they describe what was sent then. */
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    if (action.error) action.reset();
    setForm((f) => ({ ...f, [key]: value }));
  };
  const run = (kind: Parameters<typeof action.mutate>[0]) => {
    setDone('');
    action.mutate(kind);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run('save');
  };
  const onPaste = (event: ClipboardEvent) => {
    if (images.uploadFiles(event.clipboardData.files)) event.preventDefault();
  };
  const onDrop = (event: DragEvent) => {
    if (images.uploadFiles(event.dataTransfer.files)) event.preventDefault();
  };
  const status = saved?.status ?? 'draft';
  const scheduled = saved?.scheduledFor ?? null;

  return (
    <>
      <div className="page-head">
        <h1>{saved ? 'Edit entry' : 'New entry'}</h1>
        <span className="badge">
          {status === 'published' ? 'Published' : scheduled ? 'Scheduled' : 'Draft'}
        </span>
        {dirty && <span className="badge unsaved">Unsaved changes</span>}
      </div>
      <div className="editor">
        <form onSubmit={submit} className="card editor-form">
          <Field
            label="Title"
            error={fieldError('/title')}
            count={{ value: form.title.length, max: TITLE_MAX }}
          >
            <input required value={form.title} onChange={(e) => set('title', e.target.value)} />
          </Field>
          <Field
            label="Body"
            hint="Markdown. Paste or drop an image to upload it."
            error={fieldError('/body')}
          >
            <textarea
              ref={bodyRef}
              rows={14}
              value={form.body}
              onChange={(e) => set('body', e.target.value)}
              onPaste={onPaste}
              onDrop={onDrop}
            />
          </Field>
          <div className="row">
            <button type="button" className="secondary" onClick={() => fileRef.current?.click()}>
              Upload image
            </button>
            <input
              ref={fileRef}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              hidden
              onChange={(e) => {
                images.uploadFiles(e.target.files);
                e.target.value = '';
              }}
            />
            {images.upload.isPending && <Notice>Uploading…</Notice>}
            {images.upload.isSuccess && !images.upload.isPending && <Notice>Image uploaded.</Notice>}
          </div>
          <ErrorAlert error={images.upload.error} />
          <div className="row fields-3">
            <Field label="Category" error={fieldError('/category')}>
              <select value={form.category} onChange={(e) => set('category', e.target.value as Category)}>
                <Options labels={CATEGORY_LABELS} />
              </select>
            </Field>
            <Field label="Version" hint="Optional, e.g. 2.4.0" error={fieldError('/version')}>
              <input maxLength={40} value={form.version} onChange={(e) => set('version', e.target.value)} />
            </Field>
            <Field label="Visibility" error={fieldError('/visibility')}>
              <select
                value={form.visibility}
                onChange={(e) => set('visibility', e.target.value as Visibility)}
              >
                <Options labels={VISIBILITY_LABELS} />
              </select>
            </Field>
          </div>
          <ErrorAlert error={action.error} labels={LABELS} />
          {done && !action.isPending && <Notice>{done}</Notice>}
          <div className="actions">
            <button type="submit" disabled={action.isPending}>
              {status === 'published' ? 'Save changes' : 'Save draft'}
            </button>
            {canPublish && status === 'draft' && (
              <button type="button" disabled={action.isPending} onClick={() => run('publish')}>
                Publish
              </button>
            )}
            {canPublish && status === 'published' && (
              <button
                type="button"
                className="secondary"
                disabled={action.isPending}
                onClick={() => run('unpublish')}
              >
                Unpublish
              </button>
            )}
            {canPublish && saved && (
              <ConfirmButton
                disabled={action.isPending}
                question={`Delete “${saved.title}” for good?`}
                onConfirm={() => run('delete')}
              >
                Delete
              </ConfirmButton>
            )}
          </div>
          {canPublish && status === 'draft' && (
            <fieldset className="schedule">
              <legend>Schedule</legend>
              {scheduled && (
                <p>
                  Publishes on {formatDate(scheduled)}.{' '}
                  <button
                    type="button"
                    className="secondary"
                    disabled={action.isPending}
                    onClick={() => run('cancel')}
                  >
                    Cancel schedule
                  </button>
                </p>
              )}
              <div className="row">
                <Field
                  label="Publish at"
                  hint="Your local time."
                  error={fieldError('/at') ?? fieldError('/publishAt')}
                >
                  <input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
                </Field>
                <button type="button" disabled={action.isPending} onClick={() => run('schedule')}>
                  Schedule
                </button>
              </div>
            </fieldset>
          )}
          {saved?.url && (
            <p>
              Public page: <a href={saved.url}>{saved.url}</a>
            </p>
          )}
        </form>
        <MarkdownPreview slug={project.slug} body={form.body} labelId={previewId} />
      </div>
    </>
  );
}
