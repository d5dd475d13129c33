/**
 * Channels (CONTRACT.md "Dashboard"; publishers and owners): add Slack, Discord or a signed webhook
 * (its secret shown once), `Send test`, the delivery log (status, attempts, last error, next attempt)
 * with `Retry` for a failed delivery, disable/enable, delete. The server's SSRF and URL rules apply.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { v1 } from '../api.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { Field } from '../components/field.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, Loading, Notice, usePageTitle } from '../components/status.tsx';
import type { Channel, Delivery } from '../types.ts';
import { TableScroll } from '../components/table-scroll.tsx';
import { Options, ActionsHeader } from '../components/options.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';

const TYPES = { slack: 'Slack', discord: 'Discord', webhook: 'Webhook (signed)' } as const;

function DeliveryLog({ channel }: { channel: Channel }) {
  const project = useProject();
  const client = useQueryClient();
  const queryKey = ['deliveries', project.slug, channel.id];
  const log = useQuery({
    queryKey,
    queryFn: () =>
      v1<{ deliveries: Delivery[] }>(project.slug, `/channels/${encodeURIComponent(channel.id)}/deliveries`),
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false),
  });
  const retry = useMutation({
    mutationFn: (id: string) =>
      v1(
        project.slug,
        `/channels/${encodeURIComponent(channel.id)}/deliveries/${encodeURIComponent(id)}/retry`,
        {
          method: 'POST',
        },
      ),
    onSettled: () => client.invalidateQueries({ queryKey }),
  });
  if (log.isPending) return <Loading />;
  return (
    <section aria-label={`Deliveries to ${channel.name}`}>
      <h3>Deliveries to {channel.name}</h3>
      <ErrorAlert error={log.error ?? retry.error} />
      {!log.data?.deliveries.length ? (
        <p className="empty">No deliveries yet.</p>
      ) : (
        <TableScroll label={`Deliveries to ${channel.name}`}>
          <table>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Next attempt</th>
                <th scope="col">Created</th>
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {log.data.deliveries.map((d) => (
                <tr key={d.id}>
                  <td>{d.eventType === 'ping' ? 'Test (ping)' : 'Entry published'}</td>
                  <td>
                    <span className={`badge status-${d.status}`}>{d.status}</span>
                  </td>
                  <td>{d.attempts}</td>
                  <td>{[d.lastStatus, d.lastError].filter((x) => x !== null).join(' · ') || '–'}</td>
                  <td>{d.nextAttemptAt ? formatDate(d.nextAttemptAt) : '–'}</td>
                  <td>{formatDate(d.createdAt)}</td>
                  <td>
                    {d.status === 'failed' && (
                      <button
                        type="button"
                        className="secondary"
                        aria-label={`Retry the delivery of ${formatDate(d.createdAt)}`}
                        disabled={retry.isPending}
                        onClick={() => retry.mutate(d.id)}
                      >
                        Retry
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

export function ChannelsPage() {
  usePageTitle('Channels');
  const project = useProject();
  const client = useQueryClient();
  const queryKey = ['channels', project.slug];
  const [type, setType] = useState<Channel['type']>('webhook');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [visibility, setVisibility] = useState<Channel['visibility']>('external');
  const [shown, setShown] = useState<string | null>(null);
  const channels = useQuery({
    queryKey,
    queryFn: () => v1<{ channels: Channel[] }>(project.slug, '/channels'),
    enabled: project.role !== 'contributor',
  });
  const refresh = () => client.invalidateQueries({ queryKey });
  const add = useMutation({
    mutationFn: () =>
      v1<{ channel: Channel & { secret?: string } }>(project.slug, '/channels', {
        method: 'POST',
        body: { type, url, visibility, ...(name.trim() ? { name: name.trim() } : {}) },
      }),
    onSuccess: async () => {
      setUrl('');
      setName('');
      await refresh();
    },
  });
  const act = useMutation({
    mutationFn: async ({
      channel,
      what,
    }: {
      channel: Channel;
      what: 'test' | 'disable' | 'enable' | 'delete';
    }) => {
      const path = `/channels/${encodeURIComponent(channel.id)}`;
      if (what === 'test') await v1(project.slug, `${path}/test`, { method: 'POST' });
      else if (what === 'delete') await v1(project.slug, path, { method: 'DELETE' });
      else await v1(project.slug, path, { method: 'PATCH', body: { enabled: what === 'enable' } });
      return { channel, what };
    },
    onSuccess: async ({ channel, what }) => {
      if (what === 'test') setShown(channel.id);
      await refresh();
      await client.invalidateQueries({ queryKey: ['deliveries', project.slug, channel.id] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  if (project.role === 'contributor') {
    return (
      <>
        <h1>Channels</h1>
        <p>Publishers and owners manage the channels.</p>
      </>
    );
  }
  return (
    <>
      <h1>Channels</h1>
      <form onSubmit={submit} className="card">
        <h2>Add a channel</h2>
        <div className="row">
          <Field label="Type">
            <select value={type} onChange={(e) => setType(e.target.value as Channel['type'])}>
              <Options labels={TYPES} />
            </select>
          </Field>
          <Field label="Channel name" hint="Optional.">
            <input maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
        </div>
        <Field
          label="URL"
          hint={
            type === 'webhook'
              ? 'An https address of yours; each delivery is signed (Standard Webhooks).'
              : `The ${TYPES[type]} incoming webhook URL.`
          }
        >
          <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
        </Field>
        <Field label="Entries sent">
          <select value={visibility} onChange={(e) => setVisibility(e.target.value as Channel['visibility'])}>
            <option value="external">External entries only</option>
            <option value="all">All entries, internal ones too</option>
          </select>
        </Field>
        <ErrorAlert error={add.error} />
        <button type="submit" disabled={add.isPending}>
          Add channel
        </button>
        {add.data?.channel.secret && (
          <div className="new-key" role="status">
            <p>
              <strong>Copy the signing secret now:</strong> it is shown only once.
            </p>
            <Field label="Signing secret">
              <input readOnly className="mono" value={add.data.channel.secret} />
            </Field>
            <CopyButton text={add.data.channel.secret} label="Copy secret" />
          </div>
        )}
      </form>
      <section className="card" aria-labelledby="channels-heading">
        <h2 id="channels-heading">Channels</h2>
        <ErrorAlert error={channels.error ?? act.error} />
        {act.isSuccess && act.data.what === 'test' && <Notice>Test sent: see its delivery below.</Notice>}
        {channels.isPending ? (
          <Loading />
        ) : !channels.data?.channels.length ? (
          <p className="empty">No channels yet.</p>
        ) : (
          <ul className="plain channel-list">
            {channels.data.channels.map((c) => (
              <li key={c.id}>
                <p>
                  <strong>{c.name}</strong> · {TYPES[c.type]} · <span className="mono">{c.url}</span> ·{' '}
                  {c.visibility === 'all' ? 'all entries' : 'external entries'} ·{' '}
                  {c.disabledAt ? `Disabled (${c.disabledReason ?? 'by hand'})` : 'Enabled'}
                </p>
                <div className="actions">
                  <button
                    type="button"
                    aria-label={`Send test to ${c.name}`}
                    disabled={act.isPending || c.disabledAt !== null}
                    onClick={() => act.mutate({ channel: c, what: 'test' })}
                  >
                    Send test
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-expanded={shown === c.id}
                    onClick={() => setShown(shown === c.id ? null : c.id)}
                  >
                    Deliveries
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`${c.disabledAt ? 'Enable' : 'Disable'} ${c.name}`}
                    disabled={act.isPending}
                    onClick={() => act.mutate({ channel: c, what: c.disabledAt ? 'enable' : 'disable' })}
                  >
                    {c.disabledAt ? 'Enable' : 'Disable'}
                  </button>
                  <ConfirmButton
                    label={`Delete ${c.name}`}
                    disabled={act.isPending}
                    question={`Delete the channel ${c.name}?`}
                    onConfirm={() => act.mutate({ channel: c, what: 'delete' })}
                  >
                    Delete
                  </ConfirmButton>
                </div>
                {shown === c.id && <DeliveryLog channel={c} />}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
