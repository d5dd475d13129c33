/**
 * API keys (owners; docs/api.md#dashboard-api): `Create key` shows the key once, with a copy button; the
 * list shows each key's name, last 4 characters, when it was made and last used; `Revoke` ends it.
 */
import { type FormEvent, useState } from 'react';
import { useCreateKey, useKeys, useRevokeKey } from '../api/keys.ts';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { CopyButton } from '../components/copy-button.tsx';
import { Field } from '../components/field.tsx';
import { ListCard } from '../components/list-card.tsx';
import { ActionsHeader } from '../components/options.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, usePageTitle } from '../components/status.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import type { ApiKey } from '../types.ts';
import { ProPlanNote } from './settings-page.tsx';

function NewKeyForm({ slug }: { slug: string }) {
  const [name, setName] = useState('');
  const create = useCreateKey(slug);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim() ? { name: name.trim() } : {}, { onSuccess: () => setName('') });
  };
  return (
    <form onSubmit={submit} className="card">
      <h2>New key</h2>
      <Field label="Key name" hint="Optional: where it is used, e.g. “GitHub Action”.">
        <input maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <ErrorAlert error={create.error} />
      <button type="submit" disabled={create.isPending}>
        Create key
      </button>
      {create.data && (
        <div className="new-key" role="status">
          <p>
            <strong>Copy this key now:</strong> it is shown only once. It acts as a publisher of this project.
          </p>
          <Field label="New API key">
            <input readOnly value={create.data.apiKey} className="mono" onFocus={(e) => e.target.select()} />
          </Field>
          <CopyButton text={create.data.apiKey} label="Copy key" />
        </div>
      )}
    </form>
  );
}

function KeysTable({ keys, revoke }: { keys: readonly ApiKey[]; revoke: ReturnType<typeof useRevokeKey> }) {
  return (
    <TableScroll label="API keys">
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Last 4</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <td>{key.name ?? 'Unnamed'}</td>
              <td className="mono">…{key.last4}</td>
              <td>{formatDate(key.createdAt)}</td>
              <td>{formatDate(key.lastUsedAt)}</td>
              <td>
                <ConfirmButton
                  label={`Revoke ${key.name ?? 'unnamed key'} ending ${key.last4}`}
                  disabled={revoke.isPending}
                  question="Revoke this key? Anything using it stops working at once."
                  onConfirm={() => revoke.mutate(key)}
                >
                  Revoke
                </ConfirmButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function KeysPage() {
  usePageTitle('API keys');
  const project = useProject();
  const isOwner = project.role === 'owner';
  const keys = useKeys(project.slug, isOwner);
  const revoke = useRevokeKey(project.slug);
  if (!isOwner) {
    return (
      <>
        <h1>API keys</h1>
        <p>Only the project&apos;s owners manage its API keys.</p>
      </>
    );
  }
  return (
    <>
      <h1>API keys</h1>
      <ProPlanNote project={project} />
      <NewKeyForm slug={project.slug} />
      <ListCard
        heading="Keys"
        query={keys}
        items={keys.data?.keys.filter((k) => !k.revokedAt) ?? []}
        actionError={revoke.error}
        empty="No keys yet."
      >
        {(live) => <KeysTable keys={live} revoke={revoke} />}
      </ListCard>
    </>
  );
}
