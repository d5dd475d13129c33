/**
 * Entries (CONTRACT.md "Dashboard"): status tabs `Drafts`, `Scheduled`, `Published`; search by title;
 * a category filter; drafts from GitHub show their pull request or release, and whether a person
 * edited them. Pages of 20, newest first, with "Load more". The tab is the address's `status`.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { v1 } from '../api.ts';
import { Field } from '../components/field.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, Loading, usePageTitle } from '../components/status.tsx';
import { useDebounced } from '../components/use-debounced.ts';
import type { EntrySummary } from '../types.ts';
import { CATEGORY_LABELS } from './entry-options.ts';
import { Options } from '../components/options.tsx';
import { LoadMore } from '../components/load-more.tsx';

const TABS = [
  { status: 'draft', label: 'Drafts' },
  { status: 'scheduled', label: 'Scheduled' },
  { status: 'published', label: 'Published' },
] as const;
type Tab = (typeof TABS)[number]['status'];

function Badges({ entry }: { entry: EntrySummary }) {
  const { source } = entry;
  return (
    <span className="badges">
      {entry.status === 'draft' && entry.scheduledFor && (
        <span className="badge scheduled">Scheduled {formatDate(entry.scheduledFor)}</span>
      )}
      {source && (
        <span className="badge source">
          {source.pullRequest !== null
            ? `GitHub: ${source.repository}#${source.pullRequest}`
            : `GitHub: ${source.repository} release ${source.release ?? ''}`}
        </span>
      )}
      {entry.editedAt && source && <span className="badge edited">Edited</span>}
      {entry.visibility === 'internal' && <span className="badge">Internal</span>}
    </span>
  );
}

export function EntriesPage() {
  usePageTitle('Entries');
  const project = useProject();
  // The tab is in the address (`?status=published`), so a tab can be linked to and survives a reload.
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const tab: Tab = TABS.find((t) => t.status === asked)?.status ?? 'draft';
  const setTab = (status: Tab) => setParams(status === 'draft' ? {} : { status }, { replace: true });
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const q = useDebounced(search.trim(), 250);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const entries = useInfiniteQuery({
    queryKey: ['entries', project.slug, tab, q, category],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ status: tab, limit: '20' });
      if (q) params.set('q', q);
      if (category) params.set('category', category);
      if (pageParam) params.set('cursor', pageParam);
      return v1<{ entries: EntrySummary[]; nextCursor: string | null }>(project.slug, `/entries?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]!.status);
    tabRefs.current[next]?.focus();
  };
  const list = entries.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <>
      <div className="page-head">
        <h1>Entries</h1>
        <Link href="/entries/new" className="button">
          New entry
        </Link>
      </div>
      <div className="filters">
        <Field label="Search by title">
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <Field label="Category">
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">All categories</option>
            <Options labels={CATEGORY_LABELS} />
          </select>
        </Field>
      </div>
      <div role="tablist" aria-label="Entry status" className="tabs">
        {TABS.map((t, i) => (
          <button
            key={t.status}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.status}`}
            aria-selected={tab === t.status}
            aria-controls="entries-panel"
            tabIndex={tab === t.status ? 0 : -1}
            onClick={() => setTab(t.status)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section
        id="entries-panel"
        role="tabpanel"
        aria-labelledby={`tab-${tab}`}
        aria-busy={entries.isFetching}
      >
        {entries.isPending ? (
          <Loading />
        ) : entries.error ? (
          <ErrorAlert error={entries.error} />
        ) : list.length === 0 ? (
          <p className="empty">No entries here{q ? ` with “${q}” in the title` : ''}.</p>
        ) : (
          <ul className="entry-list">
            {list.map((entry) => (
              <li key={entry.id}>
                <Link href={`/entries/${entry.id}`} className="entry-title">
                  {entry.title}
                </Link>
                <span className="meta">
                  {CATEGORY_LABELS[entry.category]}
                  {entry.version ? ` · ${entry.version}` : ''} ·{' '}
                  {entry.status === 'published'
                    ? `published ${formatDate(entry.publishedAt)}`
                    : `updated ${formatDate(entry.updatedAt)}`}
                </span>
                <Badges entry={entry} />
              </li>
            ))}
          </ul>
        )}
        <LoadMore query={entries} />
      </section>
    </>
  );
}
