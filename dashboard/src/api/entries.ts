/**
 * Entries (docs/api.md#entries), every call an /api/v1 call on the session: the list by
 * status, search and category (keyset pages of 20), one entry, what the editor does to one (save,
 * publish, schedule, cancel a schedule, unpublish, delete), and the server-rendered preview of a body.
 * The query keys are defined here once; every change asks for the lists again.
 */
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Category,
  CreatedEntry,
  Entry,
  EntryList,
  EntryResponse,
  TranslationDraft,
  UpdateEntryBody,
  Visibility,
} from '../types.ts';
import { api, projectPath, segment, v1 } from './client.ts';
import { segmentsKey } from './segments.ts';

/** The list's tab: drafts, scheduled drafts, or published entries. */
export type EntryStatus = 'draft' | 'scheduled' | 'published';
export type EntryFilters = { status: EntryStatus; q: string; category: string };

export const entryKeys = {
  /** Every list of the project (and nothing else), for after a change. */
  lists: (slug: string) => ['entries', slug] as const,
  list: (slug: string, f: EntryFilters) => ['entries', slug, f.status, f.q, f.category] as const,
  one: (slug: string, id: string | undefined) => ['entry', slug, id] as const,
};

/** GET /api/v1/entries: newest first, 20 a page, with "Load more". */
export const useEntries = (slug: string, filters: EntryFilters) =>
  useInfiniteQuery({
    queryKey: entryKeys.list(slug, filters),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ status: filters.status, limit: '20' });
      if (filters.q) params.set('q', filters.q);
      if (filters.category) params.set('category', filters.category);
      if (pageParam) params.set('cursor', pageParam);
      return v1<EntryList>(slug, `/entries?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** GET /api/v1/entries/{id}; nothing is asked without an id (a new entry). */
export const useEntry = (slug: string, id: string | undefined) =>
  useQuery({
    queryKey: entryKeys.one(slug, id),
    queryFn: () => v1<EntryResponse>(slug, `/entries/${segment(id!)}`),
    select: (d) => d.entry,
    enabled: id !== undefined,
  });

/** One translation as the editor holds it (an empty summary is none; docs/languages.md). */
export type TranslationForm = { title: string; body: string; summary: string };

/** The editor's fields, as it holds them (an empty version or summary is none). */
export type EntryForm = {
  title: string;
  body: string;
  category: Category;
  version: string;
  visibility: Visibility;
  /** Plain words for readers (widget, email), at most 500 characters. */
  summary: string;
  /** Readers it is for: none is everyone. */
  segments: string[];
  /** Opens once per reader as the widget's dialog. */
  announce: boolean;
  /** Locale → the entry in it, as typed (the project's other locales). */
  translations: Record<string, TranslationForm>;
};
export type EntryAction = 'save' | 'publish' | 'schedule' | 'cancel' | 'unpublish' | 'delete';
/** `form` as the editor shows it, whether it differs from what is saved, and the schedule's local time. */
export type EntryActionInput = { kind: EntryAction; form: EntryForm; dirty: boolean; at: string };
/** The entry's id afterwards (null once deleted), and what to tell the user. */
export type EntryActionResult = { id: string | null; message: string };

const isEmpty = (t: TranslationForm) => !t.title.trim() && !t.body.trim() && !t.summary.trim();

/** A new entry's `translations`: the locales given any text (a half-written one is the server's 400). */
function newTranslations(form: EntryForm) {
  const given = Object.entries(form.translations).filter(([, t]) => !isEmpty(t));
  if (given.length === 0) return undefined;
  return Object.fromEntries(
    given.map(([locale, t]) => [
      locale,
      { title: t.title, body: t.body, summary: t.summary.trim() || undefined },
    ]),
  );
}

/**
 * A PATCH's `translations` (docs/languages.md, merged by the server): each locale whose text differs
 * from what is saved; one emptied entirely is removed (`null`). Undefined when none changed.
 */
function translationsPatch(saved: Entry, form: EntryForm): UpdateEntryBody['translations'] {
  const patch: NonNullable<UpdateEntryBody['translations']> = {};
  for (const [locale, t] of Object.entries(form.translations)) {
    const had = saved.translations[locale];
    if (isEmpty(t)) {
      if (had) patch[locale] = null;
      continue;
    }
    const summary = t.summary.trim() || null;
    if (had && had.title === t.title && had.body === t.body && had.summary === summary) continue;
    patch[locale] = { title: t.title, body: t.body, summary };
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}

/** Create the entry as `form` says (with `extra`), or save `form` over `saved` when it changed; its id. */
async function saveEntry(
  slug: string,
  saved: Entry | null,
  { form, dirty }: EntryActionInput,
  extra: { publish?: boolean; publishAt?: string } = {},
): Promise<string> {
  const version = form.version.trim();
  const summary = form.summary.trim();
  if (!saved) {
    const body = {
      ...form,
      version: version || undefined,
      summary: summary || undefined,
      translations: newTranslations(form),
      ...extra,
    };
    return (await v1<CreatedEntry>(slug, '/entries', { method: 'POST', body })).entry.id;
  }
  // Segments and announce as saved are sent back unchanged, which a contributor may do.
  const body: UpdateEntryBody = {
    ...form,
    version: version || null,
    summary: summary || null,
    translations: translationsPatch(saved, form),
  };
  if (dirty) await v1(slug, `/entries/${segment(saved.id)}`, { method: 'PATCH', body });
  return saved.id;
}

/** When a schedule's local `at` is, as the API takes it. @throws Error when none was chosen. */
function scheduleTime(at: string): string {
  const when = new Date(at);
  if (!at || Number.isNaN(when.getTime())) throw new Error('Choose the date and time to publish at.');
  return when.toISOString();
}

async function runEntryAction(slug: string, saved: Entry | null, input: EntryActionInput) {
  const path = (id: string, tail = '') => `/entries/${segment(id)}${tail}`;
  const post = (id: string, tail: string, body?: object) =>
    v1(slug, path(id, tail), { method: 'POST', body });
  switch (input.kind) {
    case 'save':
      return { id: await saveEntry(slug, saved, input), message: 'Saved.' };
    case 'publish':
      if (!saved)
        return { id: await saveEntry(slug, saved, input, { publish: true }), message: 'Published.' };
      await post(await saveEntry(slug, saved, input), '/publish');
      return { id: saved.id, message: 'Published.' };
    case 'schedule': {
      const at = scheduleTime(input.at);
      if (!saved)
        return { id: await saveEntry(slug, saved, input, { publishAt: at }), message: 'Scheduled.' };
      await post(await saveEntry(slug, saved, input), '/publish', { at });
      return { id: saved.id, message: 'Scheduled.' };
    }
    case 'cancel':
      await v1(slug, path(saved!.id, '/schedule'), { method: 'DELETE' });
      return { id: saved!.id, message: 'Schedule cancelled.' };
    case 'unpublish':
      await post(saved!.id, '/unpublish');
      return { id: saved!.id, message: 'Unpublished: it is a draft again.' };
    case 'delete':
      await v1(slug, path(saved!.id), { method: 'DELETE' });
      return { id: null, message: 'Deleted.' };
  }
}

/**
 * What the editor does to `saved` (null: a new entry). `onDone` runs first (the page's own state and
 * navigation), then the lists and the saved entry are asked for again.
 */
export function useEntryAction(
  slug: string,
  saved: Entry | null,
  onDone: (result: EntryActionResult, input: EntryActionInput) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EntryActionInput): Promise<EntryActionResult> => runEntryAction(slug, saved, input),
    onSuccess: async (result, input) => {
      onDone(result, input);
      await client.invalidateQueries({ queryKey: entryKeys.lists(slug) });
      await client.invalidateQueries({ queryKey: segmentsKey(slug) });
      if (result.id !== null && saved)
        await client.invalidateQueries({ queryKey: entryKeys.one(slug, result.id) });
    },
  });
}

/**
 * POST /api/dashboard/projects/{slug}/preview: `body` rendered and sanitized by the server's own
 * renderer (what readers will see); the last preview stays while the next one loads.
 */
export const useEntryPreview = (slug: string, body: string) =>
  useQuery({
    queryKey: ['preview', slug, body],
    queryFn: () => api<{ html: string }>(projectPath(slug, '/preview'), { method: 'POST', body: { body } }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

/**
 * POST /api/v1/entries/{id}/translations/{locale}/draft: the AI provider's translation of the saved
 * entry, for the editor to fill the locale's tab with; nothing is saved (docs/languages.md).
 */
export const useDraftTranslation = (slug: string, id: string | undefined) =>
  useMutation({
    mutationFn: (locale: string) =>
      v1<TranslationDraft>(slug, `/entries/${segment(id!)}/translations/${segment(locale)}/draft`, {
        method: 'POST',
      }),
  });
