-- Languages (docs/languages.md): a project's default locale and its other locales, entries' translations,
-- and the language each subscriber reads in. Tags are BCP 47, stored in canonical form (the API checks
-- and canonicalizes them; these checks only bound them).

-- `default_locale`: the language of entries' own title, body and summary. `locales`: 0-20 others, which
-- translations may be in; never the default one.
alter table projects
  add column default_locale text not null default 'en'
    check (char_length(default_locale) between 2 and 35),
  add column locales text[] not null default '{}'
    check (cardinality(locales) <= 20 and not (default_locale = any (locales)));

-- One row per translated entry and locale, rendered like the entry's body when written (`html`,
-- sanitized). `search_language` is the text search configuration of the locale's language (`german`
-- for `de-AT`, `simple` for a language PostgreSQL has none for), fixed when the row is written, so the
-- generated vector reads only its own row. Deleting the entry deletes its translations. A locale taken
-- off the project's list keeps its rows (nothing written is lost); readers only get its text back when
-- the locale returns.
create table entry_translations (
  entry_id text not null references entries (id) on delete cascade,
  locale text not null check (char_length(locale) between 2 and 35),
  title text not null check (char_length(title) between 1 and 200),
  body text not null,
  html text not null,
  summary text check (char_length(summary) between 1 and 500),
  search_language regconfig not null default 'simple',
  search_vector tsvector generated always as (
    setweight(to_tsvector(search_language, title), 'A')
    || setweight(to_tsvector(search_language, coalesce(summary, '')), 'B')
    || setweight(to_tsvector(search_language, body), 'C')
  ) stored,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (entry_id, locale)
);

-- A subscriber's language (`POST /api/subscribe` `locale`, the widget sends the page's): each email goes
-- out in it when the entry has it, else in the default locale. Null: the default.
alter table subscribers
  add column locale text check (char_length(locale) between 2 and 35);
