/**
 * The editor's live preview: the body rendered by the server's own renderer and sanitizer
 * (api/entries.ts `useEntryPreview`), so it shows exactly the HTML readers get. The HTML is the
 * server's sanitized output, the same that the widget and the public page insert.
 */
import { useEntryPreview } from '../api/entries.ts';
import { ErrorAlert } from './status.tsx';
import { useDebounced } from './use-debounced.ts';

export function MarkdownPreview({ slug, body, labelId }: { slug: string; body: string; labelId: string }) {
  const preview = useEntryPreview(slug, useDebounced(body, 300));
  return (
    <section className="preview" aria-labelledby={labelId} aria-busy={preview.isFetching}>
      <h2 id={labelId}>Preview</h2>
      <ErrorAlert error={preview.error} />
      <div className="entry-html" dangerouslySetInnerHTML={{ __html: preview.data?.html ?? '' }} />
    </section>
  );
}
