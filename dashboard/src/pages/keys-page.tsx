/**
 * API keys (owners; CONTRACT.md "Dashboard"): `Create key` shows the key once, with a copy button; the
 * list shows each key's name, last 4 characters, when it was made and last used; `Revoke` ends it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../api.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { Field } from '../components/field.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, Loading, usePageTitle } from '../components/status.tsx';
import type { ApiKey } from '../types.ts';
import { ProPlanNote } from './settings-page.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { ActionsHeader } from '../components/options.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';

export function KeysPage() {
  usePageTitle('API keys');
  const project = useProject();
  const client = useQueryClient();
  const base = `/api/dashboard/projects/${encodeURIComponent(project.slug)}/keys`;
  const queryKey = ['keys', project.slug];
  const [name, setName] = useState('');
  const keys = useQuery({
    queryKey,
    queryFn: () => api<{ keys: ApiKey[]; apiAvailable: boolean }>(base),
    enabled: project.role === 'owner',
  });
  const create = useMutation({
    mutationFn: () =>
      api<{ apiKey: string; key: ApiKey }>(base, {
        method: 'POST',
        body: name.trim() ? { name: name.trim() } : {},
      }),
    onSuccess: async () => {
      setName('');
      await client.invalidateQueries({ queryKey });
    },
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => api(`${base}/${encodeURIComponent(key.id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  if (project.role !== 'owner') {
    return (
      <>
        <h1>API keys</h1>
        <p>Only the project&apos;s owners manage its API keys.</p>
      </>
    );
  }
  const live = keys.data?.keys.filter((k) => !k.revokedAt) ?? [];
  return (
    <>
      <h1>API keys</h1>
      <ProPlanNote project={project} />
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
              <strong>Copy this key now:</strong> it is shown only once. It acts as a publisher of this
              project.
            </p>
            <Field label="New API key">
              <input
                readOnly
                value={create.data.apiKey}
                className="mono"
                onFocus={(e) => e.target.select()}
              />
            </Field>
            <CopyButton text={create.data.apiKey} label="Copy key" />
          </div>
        )}
      </form>
      <section className="card" aria-labelledby="keys-heading">
        <h2 id="keys-heading">Keys</h2>
        <ErrorAlert error={keys.error ?? revoke.error} />
        {keys.isPending ? (
          <Loading />
        ) : live.length === 0 ? (
          <p className="empty">No keys yet.</p>
        ) : (
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
                {live.map((key) => (
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
        )}
      </section>
    </>
  );
}
