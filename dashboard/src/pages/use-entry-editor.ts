/**
 * The entry editor's state: the form as typed, what was last saved (so the page knows it has unsaved
 * changes, and asks before they are lost), the schedule's time, the last action's message, and the
 * action itself (api/entries.ts). After creating an entry the address becomes the entry's; after
 * deleting one, the list's.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { type EntryAction, type EntryForm, type TranslationForm, useEntryAction } from '../api/entries.ts';
import { clearUnsavedChanges, useUnsavedChanges } from '../navigation-guard.ts';
import { fieldMessage } from '../problem-messages.ts';
import type { Entry } from '../types.ts';

/** The editor's labels where they are not the pointer's words (problem-messages.ts). */
export const EDITOR_LABELS = { '/at': 'Publish at', '/publishAt': 'Publish at' };

const EMPTY: EntryForm = {
  title: '',
  body: '',
  category: 'feature',
  version: '',
  visibility: 'external',
  summary: '',
  segments: [],
  announce: false,
  translations: {},
};
const formOf = (e: Entry): EntryForm => ({
  title: e.title,
  body: e.body,
  category: e.category,
  version: e.version ?? '',
  visibility: e.visibility,
  summary: e.summary ?? '',
  segments: e.segments,
  announce: e.announce,
  translations: Object.fromEntries(
    Object.entries(e.translations).map(([locale, t]) => [
      locale,
      { title: t.title, body: t.body, summary: t.summary ?? '' },
    ]),
  ),
});

export function useEntryEditor(slug: string, saved: Entry | null) {
  const [, navigate] = useLocation();
  const [form, setForm] = useState<EntryForm>(saved ? formOf(saved) : EMPTY);
  const [baseline, setBaseline] = useState<EntryForm>(form);
  const [at, setAt] = useState('');
  const [done, setDone] = useState('');
  const dirty = JSON.stringify(form) !== JSON.stringify(baseline);
  useUnsavedChanges(dirty);
  const action = useEntryAction(slug, saved, (result, sent) => {
    setBaseline(sent.form);
    clearUnsavedChanges();
    setDone(result.message);
    if (result.id === null) navigate('/');
    else if (!saved) navigate(`/entries/${result.id}`, { replace: true });
  });
  return {
    form,
    dirty,
    at,
    setAt,
    /** The last action's message, once it is done. */
    done: done && !action.isPending ? done : '',
    action,
    fieldError: (pointer: string) => fieldMessage(action.error, pointer, EDITOR_LABELS),
    /** Change a field; the last refusal's messages go, as they describe what was sent then. */
    set<K extends keyof EntryForm>(key: K, value: EntryForm[K]) {
      if (action.error) action.reset();
      setForm((f) => ({ ...f, [key]: value }));
    },
    /** Change one field of the translation into `locale` (a locale with none yet starts empty). */
    setTranslation(locale: string, key: keyof TranslationForm, value: string) {
      if (action.error) action.reset();
      setForm((f) => {
        const had = f.translations[locale] ?? { title: '', body: '', summary: '' };
        return { ...f, translations: { ...f.translations, [locale]: { ...had, [key]: value } } };
      });
    },
    /** Put a drafted translation into `locale`'s fields, for review (saved only when the user saves). */
    fillTranslation(locale: string, text: TranslationForm) {
      if (action.error) action.reset();
      setForm((f) => ({ ...f, translations: { ...f.translations, [locale]: text } }));
    },
    /** Change the body from what it is by then (an upload finishing while the user types). */
    updateBody: (change: (body: string) => string) => setForm((f) => ({ ...f, body: change(f.body) })),
    run(kind: EntryAction) {
      setDone('');
      action.mutate({ kind, form, dirty, at });
    },
  };
}

export type EntryEditor = ReturnType<typeof useEntryEditor>;
