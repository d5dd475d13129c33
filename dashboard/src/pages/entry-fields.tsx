/**
 * The entry editor's fields: `Title` (counted against the API's 200), `Body` (Markdown; images by the
 * button, by pasting and by dropping, inserted where the cursor is), `Summary`, `Category`, `Version`,
 * `Visibility`, then who it is for (`Segments`) and `Announce in the widget` (audience-fields.tsx).
 */
import { type ClipboardEvent, type DragEvent, useRef } from 'react';
import { Field } from '../components/field.tsx';
import { Options } from '../components/options.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, Notice } from '../components/status.tsx';
import { useImageUpload } from '../components/use-image-upload.ts';
import type { Category, Visibility } from '../types.ts';
import { AnnounceField, SegmentPicker, SummaryField } from './audience-fields.tsx';
import { CATEGORY_LABELS, VISIBILITY_LABELS } from './entry-options.ts';
import type { EntryEditor } from './use-entry-editor.ts';

/** The longest title the API takes (core/contract/entries.schema.ts). */
const TITLE_MAX = 200;

/** `markdown` as a block of its own in `body` at the selection: a blank line before it (unless first) and after it. */
function insertBlock(body: string, markdown: string, start: number, end: number): string {
  const before = body.slice(0, start);
  const gap = !before || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  return `${before}${gap}${markdown}\n\n${body.slice(end).replace(/^\n+/, '')}`;
}

function BodyField({ slug, editor }: { slug: string; editor: EntryEditor }) {
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const images = useImageUpload(slug, (markdown) => {
    const area = bodyRef.current;
    editor.updateBody((body) => {
      const start = area?.selectionStart ?? body.length;
      return insertBlock(body, markdown, start, area?.selectionEnd ?? start);
    });
  });
  const onPaste = (event: ClipboardEvent) => {
    if (images.uploadFiles(event.clipboardData.files)) event.preventDefault();
  };
  const onDrop = (event: DragEvent) => {
    if (images.uploadFiles(event.dataTransfer.files)) event.preventDefault();
  };
  return (
    <>
      <Field
        label="Body"
        hint="Markdown. Paste or drop an image to upload it."
        error={editor.fieldError('/body')}
      >
        <textarea
          ref={bodyRef}
          rows={14}
          value={editor.form.body}
          onChange={(e) => editor.set('body', e.target.value)}
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
    </>
  );
}

export function EntryFields({ slug, editor }: { slug: string; editor: EntryEditor }) {
  const { form, set, fieldError } = editor;
  const canTarget = useProject().role !== 'contributor';
  return (
    <>
      <Field label="Title" error={fieldError('/title')} count={{ value: form.title.length, max: TITLE_MAX }}>
        <input required value={form.title} onChange={(e) => set('title', e.target.value)} />
      </Field>
      <BodyField slug={slug} editor={editor} />
      <SummaryField editor={editor} />
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
          <select value={form.visibility} onChange={(e) => set('visibility', e.target.value as Visibility)}>
            <Options labels={VISIBILITY_LABELS} />
          </select>
        </Field>
      </div>
      <SegmentPicker slug={slug} editor={editor} canTarget={canTarget} />
      <AnnounceField editor={editor} canTarget={canTarget} />
    </>
  );
}
