/**
 * What the entry editor does to the entry: `Save draft` (`Save changes` once published) for everyone,
 * and for publishers `Publish`, `Unpublish`, `Delete` (asked first), and the `Schedule` fieldset (a
 * local date and time; cancelling a schedule). The last refusal and the last success are shown above.
 */
import { ConfirmButton } from '../components/confirm-button.tsx';
import { Field } from '../components/field.tsx';
import { ErrorAlert, formatDate, Notice } from '../components/status.tsx';
import type { Entry } from '../types.ts';
import { EDITOR_LABELS, type EntryEditor } from './use-entry-editor.ts';

type Props = { editor: EntryEditor; saved: Entry | null; canPublish: boolean };

export function EntryActions({ editor, saved, canPublish }: Props) {
  const { action, run } = editor;
  const status = saved?.status ?? 'draft';
  return (
    <>
      <ErrorAlert error={action.error} labels={EDITOR_LABELS} />
      {editor.done && <Notice>{editor.done}</Notice>}
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
    </>
  );
}

/** Publishing a draft later: when, in the user's time zone; a scheduled draft says when and can cancel. */
export function ScheduleFields({ editor, scheduled }: { editor: EntryEditor; scheduled: string | null }) {
  const { action, run, fieldError } = editor;
  return (
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
          <input type="datetime-local" value={editor.at} onChange={(e) => editor.setAt(e.target.value)} />
        </Field>
        <button type="button" disabled={action.isPending} onClick={() => run('schedule')}>
          Schedule
        </button>
      </div>
    </fieldset>
  );
}
