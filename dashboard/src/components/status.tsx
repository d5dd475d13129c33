/** Small shared pieces: the loading state, error alerts, the page title. */
import { useEffect } from 'react';
import { type Labels, summaryOf } from '../problem-messages.ts';

export function Loading() {
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  );
}

/**
 * An error announced to screen readers as it appears: the form's summary, one sentence per failing
 * field (each also shown at its field, with the same `labels`), or what went wrong.
 */
export function ErrorAlert({ error, labels }: { error: unknown; labels?: Labels }) {
  if (!error) return null;
  const sentences = summaryOf(error, labels);
  if (sentences.length === 1) {
    return (
      <p className="error" role="alert">
        {sentences[0]}
      </p>
    );
  }
  return (
    <div className="error" role="alert">
      <p>{sentences.length} fields need a change:</p>
      <ul>
        {sentences.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ul>
    </div>
  );
}

/** A success or progress message, announced politely. */
export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Shiplog`;
  }, [title]);
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : 'Never';
}
