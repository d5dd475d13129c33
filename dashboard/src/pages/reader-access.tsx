/**
 * Settings › Readers (docs/readers.md#access): who may read the changelog (`Access`:
 * public, or identified readers only) and the reader secret the host app signs readers' tokens with.
 * `Create reader secret` (or `Rotate reader secret`) shows the secret once, with a copy button; after a
 * rotation the previous secret still verifies for 24 hours, which the section says, with the time it
 * stops; and the embed snippet with `data-reader-token`. Owners change both; other members see them
 * read-only.
 */
import { type FormEvent, useState } from 'react';
import { useChangeAccess, useCreateReaderSecret, useReaderSettings } from '../api/readers.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { Field } from '../components/field.tsx';
import { Options } from '../components/options.tsx';
import { ErrorAlert, formatDate, Loading, Notice } from '../components/status.tsx';
import type { Access, ReaderSettings } from '../types.ts';

const ACCESS: Record<Access, string> = {
  public: 'Public: anyone',
  identified: 'Identified: only readers your app signs in',
};

/** What each part of the section takes: the project, its reader settings, whether the caller may change them. */
type PanelProps = { slug: string; settings: ReaderSettings; isOwner: boolean };

function AccessForm({ slug, settings, isOwner }: PanelProps) {
  const [access, setAccess] = useState<Access>(settings.access);
  const change = useChangeAccess(slug);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(access);
  };
  return (
    <form onSubmit={submit}>
      <fieldset disabled={!isOwner}>
        <legend className="sr-only">Who may read the changelog</legend>
        <Field
          label="Access"
          hint="Identified: the widget, feeds, page and search answer only readers with a valid token, and the project is listed nowhere public."
        >
          <select value={access} onChange={(e) => setAccess(e.target.value as Access)}>
            <Options labels={ACCESS} />
          </select>
        </Field>
        {access === 'identified' && !settings.readerSecret && (
          <p className="hint">Create a reader secret too: without one, no reader can be identified.</p>
        )}
        <ErrorAlert error={change.error} />
        {change.isSuccess && access === settings.access && <Notice>Access saved.</Notice>}
        <button type="submit" disabled={change.isPending || access === settings.access}>
          Save access
        </button>
      </fieldset>
    </form>
  );
}

function SecretStatus({ settings }: { settings: ReaderSettings }) {
  const secret = settings.readerSecret;
  if (!secret) return <p>No reader secret yet.</p>;
  return (
    <p>
      The current secret was made {formatDate(secret.createdAt)}.
      {secret.previousRetiresAt &&
        ` The one before it still verifies until ${formatDate(secret.previousRetiresAt)}.`}
    </p>
  );
}

function ReaderSecretPanel({ slug, settings, isOwner }: PanelProps) {
  const create = useCreateReaderSecret(slug);
  const exists = settings.readerSecret !== null;
  const run = () => {
    const question =
      'Rotate the reader secret? The current one keeps working for 24 hours: put the new one on your server before then.';
    if (!exists || window.confirm(question)) create.mutate();
  };
  return (
    <>
      <h3>Reader secret</h3>
      <p className="hint">
        Your app’s server signs each reader’s token with it (HS256). After a rotation the previous secret
        still verifies tokens for 24 hours, so pages already signed keep working while you deploy the new one.
      </p>
      <SecretStatus settings={settings} />
      {isOwner ? (
        <button type="button" onClick={run} disabled={create.isPending}>
          {exists ? 'Rotate reader secret' : 'Create reader secret'}
        </button>
      ) : (
        <p className="hint">Only owners create or rotate the reader secret.</p>
      )}
      <ErrorAlert error={create.error} />
      {create.data && (
        <div className="new-key" role="status">
          <p>
            <strong>Copy this secret now:</strong> it is shown only once. Keep it on your server, never in a
            page.
          </p>
          <Field label="New reader secret">
            <input readOnly value={create.data.secret} className="mono" onFocus={(e) => e.target.select()} />
          </Field>
          <CopyButton text={create.data.secret} label="Copy secret" />
        </div>
      )}
    </>
  );
}

function ReaderSnippet({ slug }: { slug: string }) {
  const snippet = `<script src="${window.location.origin}/widget.js" data-project="${slug}" data-reader-token="TOKEN" async></script>`;
  return (
    <>
      <h3>On your pages</h3>
      <p className="hint">
        Your server signs a token for the signed-in user (claims <code>sub</code>, <code>exp</code> at most 30
        days ahead, optional <code>segments</code>) and the page passes it in place of TOKEN:
      </p>
      <pre>
        <code>{snippet}</code>
      </pre>
    </>
  );
}

export function ReaderAccess({ slug, isOwner }: { slug: string; isOwner: boolean }) {
  const settings = useReaderSettings(slug);
  return (
    <section className="card" aria-labelledby="readers-heading">
      <h2 id="readers-heading">Readers</h2>
      {settings.isPending ? (
        <Loading />
      ) : settings.error ? (
        <ErrorAlert error={settings.error} />
      ) : (
        <>
          {!isOwner && <p>Only owners change who may read the changelog.</p>}
          <AccessForm slug={slug} settings={settings.data} isOwner={isOwner} />
          <ReaderSecretPanel slug={slug} settings={settings.data} isOwner={isOwner} />
          <ReaderSnippet slug={slug} />
        </>
      )}
    </section>
  );
}
