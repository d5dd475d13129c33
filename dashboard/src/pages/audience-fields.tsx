/**
 * The entry editor's audience fields (docs/api.md#readers-and-audiences-segments-summary-announcements): `Summary` (plain words for
 * readers, counted against the API's 500), the `Segments` picker (a checkbox per segment seen so far in
 * the project, and `New segment` with `Add segment` for one not used yet) and `Announce in the widget`.
 * Who an entry is for and whether it is announced are a publisher's: a contributor sees them disabled.
 */
import { type KeyboardEvent, useId, useState } from 'react';
import { useSegments } from '../api/segments.ts';
import { Field } from '../components/field.tsx';
import type { EntryEditor } from './use-entry-editor.ts';

/** The API's limits (core/contract/entries.schema.ts). */
const SUMMARY_MAX = 500;
const SEGMENTS_MAX = 20;
const SEGMENT_NAME_MAX = 40;

export function SummaryField({ editor }: { editor: EntryEditor }) {
  return (
    <div className="summary-field">
      <Field
        label="Summary"
        hint="Optional. Plain words for your users: the widget and emails show this with a link to the whole entry; the page, feeds and GitHub Release show the body."
        error={editor.fieldError('/summary')}
        count={{ value: editor.form.summary.length, max: SUMMARY_MAX }}
      >
        <textarea
          rows={3}
          className="short"
          value={editor.form.summary}
          onChange={(e) => editor.set('summary', e.target.value)}
        />
      </Field>
    </div>
  );
}

function SegmentChecks({ names, editor }: { names: string[]; editor: EntryEditor }) {
  const chosen = editor.form.segments;
  if (names.length === 0) return <p className="hint">No segments in this project yet.</p>;
  return (
    <ul className="checks">
      {names.map((name) => (
        <li key={name}>
          <label className="check">
            <input
              type="checkbox"
              checked={chosen.includes(name)}
              onChange={(e) =>
                editor.set(
                  'segments',
                  e.target.checked ? [...chosen, name] : chosen.filter((s) => s !== name),
                )
              }
            />
            {name}
          </label>
        </li>
      ))}
    </ul>
  );
}

export function SegmentPicker({
  slug,
  editor,
  canTarget,
}: {
  slug: string;
  editor: EntryEditor;
  canTarget: boolean;
}) {
  const known = useSegments(slug);
  const [draft, setDraft] = useState('');
  const hintId = useId();
  const chosen = editor.form.segments;
  const names = [...new Set([...(known.data ?? []), ...chosen])].sort((a, b) => a.localeCompare(b));
  const name = draft.trim();
  const full = chosen.length >= SEGMENTS_MAX;
  const add = () => {
    if (!name || full) return;
    if (!chosen.includes(name)) editor.set('segments', [...chosen, name]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter adds the segment instead of submitting the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const error = editor.fieldError('/segments');
  return (
    <fieldset className="segments" disabled={!canTarget} aria-describedby={hintId}>
      <legend>Segments</legend>
      <p className="hint" id={hintId}>
        {canTarget
          ? `Only readers whose token names one of the checked segments see this entry; none checked: everyone. At most ${SEGMENTS_MAX}.`
          : 'Only publishers and owners choose who an entry is for.'}
      </p>
      <SegmentChecks names={names} editor={editor} />
      <div className="row">
        <Field label="New segment" hint={`Up to ${SEGMENT_NAME_MAX} characters, e.g. “beta”.`}>
          <input
            maxLength={SEGMENT_NAME_MAX}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
          />
        </Field>
        <button type="button" className="secondary" onClick={add} disabled={!name || full}>
          Add segment
        </button>
      </div>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

export function AnnounceField({ editor, canTarget }: { editor: EntryEditor; canTarget: boolean }) {
  const hintId = useId();
  return (
    <div className="field">
      <label className="check">
        <input
          type="checkbox"
          checked={editor.form.announce}
          disabled={!canTarget}
          aria-describedby={hintId}
          onChange={(e) => editor.set('announce', e.target.checked)}
        />
        Announce in the widget
      </label>
      <p className="hint" id={hintId}>
        Once published, it opens once for each reader as a dialog over your app: keep it for the change that
        matters.
      </p>
      {editor.fieldError('/announce') && <p className="field-error">{editor.fieldError('/announce')}</p>}
    </div>
  );
}
