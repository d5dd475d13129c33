/** Small shared pieces: the loading state, error alerts, the page title. */
import { useEffect } from 'react';
import { messageOf } from '../api.ts';

export function Loading() {
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  );
}

/** An error announced to screen readers as it appears. */
export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {messageOf(error)}
    </p>
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
