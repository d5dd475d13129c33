/**
 * Import history (docs/api.md#import-history-and-the-drafting-profile; publishers and owners): the project's
 * changelog, pasted, uploaded or dropped, Markdown or reStructuredText (an uploaded file's name, else
 * the text, says which), is read by the server's changelog parser, and the preview
 * lists the releases an import brings in (version, date, first line) and the sections it skips, with
 * the reason. `Import` makes them published entries with their own dates and versions (nothing is
 * emailed or sent to channels), then says how many were imported, replaced and skipped, and what the
 * drafting profile says now. Contributors see the page read-only.
 */
import { type DragEvent, type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useDraftingProfile } from '../api/drafting-profile.ts';
import {
  type ImportPlan,
  type PlannedRelease,
  planImport,
  undatedCount,
  useChangelogPreview,
  useImportHistory,
} from '../api/history.ts';
import { Field } from '../components/field.tsx';
import { ListCard } from '../components/list-card.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, Notice, usePageTitle } from '../components/status.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import type { ImportResponse } from '../types.ts';

type Preview = ReturnType<typeof useChangelogPreview>;
type Importing = ReturnType<typeof useImportHistory>;

type FormProps = {
  markdown: string;
  /** The text as typed (any preview of an earlier text is dropped). */
  onChange: (text: string) => void;
  /** A file's text and name, previewed at once. */
  onFile: (text: string, filename: string) => void;
  /** The uploaded file's name while its text is unedited (it says the markup), else undefined. */
  filename: string | undefined;
  preview: Preview;
  readOnly: boolean;
};

function ChangelogForm({ markdown, onChange, onFile, filename, preview, readOnly }: FormProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [unreadable, setUnreadable] = useState<Error | null>(null);
  /** Read the first file of `files`, if any; returns whether there was one. */
  const readFile = (files: FileList | null | undefined): boolean => {
    const file = files?.[0];
    if (!file) return false;
    setUnreadable(null);
    file.text().then(
      (text) => onFile(text, file.name),
      () => setUnreadable(new Error(`${file.name} could not be read.`)),
    );
    return true;
  };
  const onDrop = (event: DragEvent) => {
    if (readFile(event.dataTransfer.files)) event.preventDefault();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    preview.mutate({ markdown, filename });
  };
  return (
    <form onSubmit={submit} className="card">
      {readOnly && <p>Only publishers and owners import history.</p>}
      <fieldset disabled={readOnly}>
        <legend className="sr-only">Changelog</legend>
        <Field
          label="Changelog text"
          hint="Paste your CHANGELOG.md here, or upload or drop the file. Markdown or reStructuredText (CHANGES.rst)."
        >
          <textarea
            rows={12}
            required
            value={markdown}
            onChange={(e) => onChange(e.target.value)}
            onDrop={onDrop}
          />
        </Field>
        <ErrorAlert error={unreadable ?? preview.error} labels={{ '/markdown': 'Changelog' }} />
        <div className="actions">
          <button type="submit" disabled={preview.isPending}>
            Preview
          </button>
          <button type="button" className="secondary" onClick={() => fileRef.current?.click()}>
            Upload changelog file
          </button>
          <input
            ref={fileRef}
            type="file"
            accept=".md,.markdown,.rst,.rest,.txt,text/markdown,text/x-rst,text/plain"
            hidden
            onChange={(e) => {
              readFile(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
      </fieldset>
    </form>
  );
}

function ReleasesTable({ releases }: { releases: readonly PlannedRelease[] }) {
  return (
    <TableScroll label="Releases in the changelog">
      <table>
        <caption className="sr-only">Releases in the changelog</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Date</th>
            <th scope="col">First line</th>
          </tr>
        </thead>
        <tbody>
          {releases.map((r) => (
            <tr key={r.release.version}>
              <th scope="row">{r.release.version}</th>
              <td className="nowrap">{r.date}</td>
              <td>{r.firstLine}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function ImportPreview({
  plan,
  preview,
  importing,
}: {
  plan: ImportPlan;
  preview: Preview;
  importing: Importing;
}) {
  const count = plan.releases.length;
  return (
    <>
      {preview.data?.markup === 'rst' && (
        <Notice>
          Read as reStructuredText, converted to Markdown as the shiplog CLI and the Action read it.
        </Notice>
      )}
      <ListCard
        heading="Releases to import"
        query={preview}
        items={plan.releases}
        empty="No release to import: the changelog names no dated, released version."
        footer={
          <>
            <ErrorAlert error={importing.error} />
            {importing.isPending && <Notice>Importing…</Notice>}
            <div className="actions">
              <button
                type="button"
                disabled={count === 0 || importing.isPending}
                onClick={() => importing.mutate(plan.releases.map((r) => r.release))}
              >
                Import
              </button>
            </div>
          </>
        }
      >
        {(releases) => <ReleasesTable releases={releases} />}
      </ListCard>
      <ListCard heading="Skipped" query={preview} items={plan.skipped} empty="Nothing is skipped.">
        {(skipped) => (
          <ul className="plain">
            {skipped.map((s, i) => (
              <li key={i}>
                <strong>{s.heading}</strong>: {s.reason}
              </li>
            ))}
          </ul>
        )}
      </ListCard>
    </>
  );
}

const releases = (n: number) => `${n} ${n === 1 ? 'release' : 'releases'}`;

/**
 * A changelog whose headings give no date: the page cannot read tags, so the user says when those
 * releases came out (each a minute before the one above it, keeping the changelog's order).
 */
function UndatedDate(props: { count: number; value: string; onChange: (date: string) => void }) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <section className="card" aria-labelledby="undated-heading">
      <h2 id="undated-heading">Releases without a date</h2>
      <Field
        label="Date for releases without one"
        hint={`${releases(props.count)} of this changelog give no date. Readers see this date on them; the shiplog CLI with --git-dir dates each by its tag instead.`}
      >
        <input type="date" max={today} value={props.value} onChange={(e) => props.onChange(e.target.value)} />
      </Field>
    </section>
  );
}

/**
 * What the drafting profile learns from the import, plainly: the page sends no commits, so the service
 * fetches them from the linked repository through the GitHub App, or says why it cannot learn.
 */
function LearningNote({ learning, learned }: { learning: ImportResponse['learning']; learned: number }) {
  const sofar = <> It has learned from {releases(learned)} so far.</>;
  if (learning.status === 'fetching')
    return (
      <p>
        Shiplog is fetching these releases&apos; commits from <strong>{learning.repository}</strong> through
        the GitHub App; the drafting profile learns from them when they arrive.{sofar}
      </p>
    );
  if (learning.status === 'none')
    return (
      <p role="status">
        <strong>The drafting profile cannot learn from these releases.</strong> {learning.reason}
        {sofar}
      </p>
    );
  return <p>The drafting profile learned from these releases&apos; commits.{sofar}</p>;
}

/** What an import did, and what the drafting profile says after it (asked for again by the import). */
function ImportResult({ slug, result }: { slug: string; result: ImportResponse }) {
  const profile = useDraftingProfile(slug);
  const heading = useRef<HTMLHeadingElement>(null);
  // The result appears below the preview, often out of sight: bring it (and keyboard focus) there.
  useEffect(() => heading.current?.focus(), [result]);
  const { imported, replaced, skipped } = result;
  return (
    <section className="card" aria-labelledby="import-result-heading">
      <h2 id="import-result-heading" ref={heading} tabIndex={-1}>
        Imported
      </h2>
      <Notice>
        Imported {releases(imported)}, replaced {replaced}, skipped {skipped.length}.
      </Notice>
      {skipped.length > 0 && (
        <ul className="plain">
          {skipped.map((s) => (
            <li key={s.version}>
              <strong>{s.version}</strong>: {s.reason}
            </li>
          ))}
        </ul>
      )}
      {result.warnings.length > 0 && (
        <ul className="plain" aria-label="Warnings">
          {result.warnings.map((w) => (
            <li key={w.version}>
              <strong>{w.version}</strong>: {w.message}
            </li>
          ))}
        </ul>
      )}
      <LearningNote learning={result.learning} learned={result.profile.releasesLearned} />
      {profile.data && <p className="profile-description">{profile.data.description}</p>}
      <p>
        <Link href="/drafting">See the drafting profile</Link> ·{' '}
        <Link href="/?status=published">See the entries</Link>
      </p>
    </section>
  );
}

export function HistoryPage() {
  usePageTitle('Import history');
  const project = useProject();
  const [markdown, setMarkdown] = useState('');
  const [filename, setFilename] = useState<string | undefined>(undefined);
  const preview = useChangelogPreview(project.slug);
  const importing = useImportHistory(project.slug);
  // Dated against the clock when the preview came: the import takes only past releases.
  const [undated, setUndated] = useState('');
  const plan = useMemo(
    () => preview.data && planImport(preview.data, new Date(), undated || null),
    [preview.data, undated],
  );
  const change = (text: string) => {
    setMarkdown(text);
    preview.reset();
    importing.reset();
  };
  return (
    <>
      <h1>Import history</h1>
      <p className="hint intro">
        Your changelog&apos;s releases become published entries with their own dates and versions, so the
        widget and the public page show your history from day one. Nothing is emailed or sent to channels;
        importing a version again replaces it.
      </p>
      <ChangelogForm
        markdown={markdown}
        filename={filename}
        onChange={(text) => {
          // Edited text says its own markup: the file's name no longer stands for it.
          setFilename(undefined);
          change(text);
        }}
        onFile={(text, name) => {
          setFilename(name);
          change(text);
          if (text.trim()) preview.mutate({ markdown: text, filename: name });
        }}
        preview={preview}
        readOnly={project.role === 'contributor'}
      />
      {preview.data && undatedCount(preview.data) > 0 && (
        <UndatedDate count={undatedCount(preview.data)} value={undated} onChange={setUndated} />
      )}
      {plan && <ImportPreview plan={plan} preview={preview} importing={importing} />}
      {importing.data && <ImportResult slug={project.slug} result={importing.data} />}
    </>
  );
}
