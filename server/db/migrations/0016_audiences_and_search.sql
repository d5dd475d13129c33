-- Readers and audiences (docs/api.md#readers-and-audiences-segments-summary-announcements): who an entry is for, its plain summary,
-- its announcement, and full-text search. Reader secrets and a reader's state follow in their own migration.

-- `access`: `public` (anyone) or `identified` (only readers with a valid token; never listed publicly).
-- `search_language`: the text search configuration entries are indexed with (`simple` by default: no
-- stemming, right for any language); one of the configurations PostgreSQL ships.
alter table projects
  add column access text not null default 'public' check (access in ('public', 'identified')),
  add column search_language regconfig not null default 'simple';

-- `segments`: 0-20 names; an entry with segments reaches only readers whose token names one of them.
-- `summary`: at most 500 characters of plain words for readers (widget, email); the body stays the whole
-- entry. `announce`: opens once per reader as the widget's dialog.
-- `search_language` is the project's, copied here because a generated column may read only its own row
-- (to_tsvector(regconfig, text) is immutable); changing a project's language rewrites its entries' copy.
alter table entries
  add column segments text[] not null default '{}'
    check (cardinality(segments) <= 20),
  add column summary text check (char_length(summary) between 1 and 500),
  add column announce boolean not null default false,
  add column search_language regconfig not null default 'simple',
  add column search_vector tsvector generated always as (
    setweight(to_tsvector(search_language, title), 'A')
    || setweight(to_tsvector(search_language, coalesce(summary, '')), 'B')
    || setweight(to_tsvector(search_language, body), 'C')
  ) stored;

-- Search reads a project's published entries matching a query: the GIN index finds the matches, the
-- project and status are checked on the few rows it returns.
create index entries_search on entries using gin (search_vector);
-- Readers' segments are matched with `&&` (overlap) on the few entries that carry any.
create index entries_segmented on entries using gin (segments) where cardinality(segments) > 0;
