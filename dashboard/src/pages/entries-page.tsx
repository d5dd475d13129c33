/**
 * Entries (docs/api.md#dashboard-api): status tabs `Drafts`, `Scheduled`, `Published`; search by title;
 * a category filter; drafts from GitHub show their pull request or release, and whether a person
 * edited them; an entry missing a translation into one of the project's locales says which
 * (docs/languages.md). Pages of 20, newest first, with "Load more". The tab is the address's `status`.
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { type EntryStatus, useEntries } from '../api/entries.ts';
import { useReaderSettings } from '../api/readers.ts';
import { Field } from '../components/field.tsx';
import { ListCard } from '../components/list-card.tsx';
import { LoadMore } from '../components/load-more.tsx';
import { Options } from '../components/options.tsx';
import { useProject } from '../components/project-scope.tsx';
import { formatDate, usePageTitle } from '../components/status.tsx';
import { useDebounced } from '../components/use-debounced.ts';
import type { EntrySummary } from '../types.ts';
import { CATEGORY_LABELS } from './entry-options.ts';

const TABS = [
  { status: 'draft', label: 'Drafts' },
  { status: 'scheduled', label: 'Scheduled' },
  { status: 'published', label: 'Published' },
] as const satisfies readonly { status: EntryStatus; label: string }[];
type Tab = EntryStatus;

/**
 * Where an entry came from: a pull request, release or compare range drafted from GitHub, or, with a
 * repository and none of those, the repository's changelog file it was imported from.
 */
function sourceLabel(source: NonNullable<EntrySummary['source']>): string {
  if (source.pullRequest !== null) return `GitHub: ${source.repository}#${source.pullRequest}`;
  if (source.release !== null) return `GitHub: ${source.repository} release ${source.release}`;
  if (source.range) return `GitHub: ${source.repository} ${source.range}`;
  return `Imported from the changelog of ${source.repository}`;
}

/** Badges of an entry; `locales` are the project's other locales (missing translations are named). */
function Badges({ entry, locales }: { entry: EntrySummary; locales: readonly string[] }) {
  const { source } = entry;
  const missing = locales.filter((l) => !entry.translatedLocales.includes(l));
  return (
    <span className="badges">
      {entry.status === 'draft' && entry.scheduledFor && (
        <span className="badge scheduled">Scheduled {formatDate(entry.scheduledFor)}</span>
      )}
      {source && <span className="badge source">{sourceLabel(source)}</span>}
      {entry.editedAt && source && <span className="badge edited">Edited</span>}
      {entry.visibility === 'internal' && <span className="badge">Internal</span>}
      {missing.length > 0 && (
        <span className="badge missing">Missing translations: {missing.join(', ')}</span>
      )}
    </span>
  );
}

function EntryItem({ entry, locales }: { entry: EntrySummary; locales: readonly string[] }) {
  return (
    <li>
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
      <Badges entry={entry} locales={locales} />
    </li>
  );
}

/** The status tabs (arrow keys move between them, as ARIA's tabs pattern says). */
function StatusTabs({ tab, setTab }: { tab: Tab; setTab: (status: Tab) => void }) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]!.status);
    tabRefs.current[next]?.focus();
  };
  return (
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
  const entries = useEntries(project.slug, { status: tab, q, category });
  const locales = useReaderSettings(project.slug).data?.locales ?? [];
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
      <StatusTabs tab={tab} setTab={setTab} />
      <ListCard
        className=""
        id="entries-panel"
        role="tabpanel"
        aria-labelledby={`tab-${tab}`}
        aria-busy={entries.isFetching}
        query={entries}
        items={entries.data?.pages.flatMap((p) => p.entries) ?? []}
        empty={`No entries here${q ? ` with “${q}” in the title` : ''}.`}
        footer={<LoadMore query={entries} />}
      >
        {(list) => (
          <ul className="entry-list">
            {list.map((entry) => (
              <EntryItem key={entry.id} entry={entry} locales={locales} />
            ))}
          </ul>
        )}
      </ListCard>
    </>
  );
}
