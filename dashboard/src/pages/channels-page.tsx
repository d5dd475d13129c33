/**
 * Channels (docs/api.md#channels-key-authenticated; publishers and owners): add Slack, Discord or a signed webhook
 * (its secret shown once), `Send test`, the delivery log (status, attempts, last error, next attempt)
 * with `Retry` for a failed delivery, disable/enable, delete. The server's SSRF and URL rules apply.
 */
import { type FormEvent, useState } from 'react';
import {
  type ChannelChange,
  useAddChannel,
  useChangeChannel,
  useChannels,
  useDeliveries,
  useRetryDelivery,
} from '../api/channels.ts';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { CopyButton } from '../components/copy-button.tsx';
import { Field } from '../components/field.tsx';
import { ListCard } from '../components/list-card.tsx';
import { ActionsHeader, Options } from '../components/options.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, Notice, usePageTitle } from '../components/status.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import type { Channel, Delivery } from '../types.ts';

const TYPES = { slack: 'Slack', discord: 'Discord', webhook: 'Webhook (signed)' } as const;

type DeliveriesProps = {
  channel: Channel;
  deliveries: readonly Delivery[];
  retry: ReturnType<typeof useRetryDelivery>;
};

function DeliveriesTable({ channel, deliveries, retry }: DeliveriesProps) {
  return (
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
          {deliveries.map((d) => (
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
  );
}

function DeliveryLog({ channel }: { channel: Channel }) {
  const project = useProject();
  const log = useDeliveries(project.slug, channel.id);
  const retry = useRetryDelivery(project.slug, channel.id);
  return (
    <ListCard
      className=""
      heading={`Deliveries to ${channel.name}`}
      headingLevel={3}
      query={log}
      items={log.data?.deliveries ?? []}
      actionError={retry.error}
      empty="No deliveries yet."
    >
      {(deliveries) => <DeliveriesTable channel={channel} deliveries={deliveries} retry={retry} />}
    </ListCard>
  );
}

function AddChannelForm({ slug }: { slug: string }) {
  const [type, setType] = useState<Channel['type']>('webhook');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [visibility, setVisibility] = useState<Channel['visibility']>('external');
  const add = useAddChannel(slug);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { type, url, visibility, ...(name.trim() ? { name: name.trim() } : {}) };
    add.mutate(body, {
      onSuccess: () => {
        setUrl('');
        setName('');
      },
    });
  };
  const hint =
    type === 'webhook'
      ? 'An https address of yours; each delivery is signed (Standard Webhooks).'
      : `The ${TYPES[type]} incoming webhook URL.`;
  return (
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
      <Field label="URL" hint={hint}>
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
  );
}

type ItemProps = {
  channel: Channel;
  busy: boolean;
  change: (what: ChannelChange['what']) => void;
  shown: boolean;
  toggle: () => void;
};

function ChannelItem({ channel: c, busy, change, shown, toggle }: ItemProps) {
  return (
    <li>
      <p>
        <strong>{c.name}</strong> · {TYPES[c.type]} · <span className="mono">{c.url}</span> ·{' '}
        {c.visibility === 'all' ? 'all entries' : 'external entries'} ·{' '}
        {c.disabledAt ? `Disabled (${c.disabledReason ?? 'by hand'})` : 'Enabled'}
      </p>
      <div className="actions">
        <button
          type="button"
          aria-label={`Send test to ${c.name}`}
          disabled={busy || c.disabledAt !== null}
          onClick={() => change('test')}
        >
          Send test
        </button>
        <button type="button" className="secondary" aria-expanded={shown} onClick={toggle}>
          Deliveries
        </button>
        <button
          type="button"
          className="secondary"
          aria-label={`${c.disabledAt ? 'Enable' : 'Disable'} ${c.name}`}
          disabled={busy}
          onClick={() => change(c.disabledAt ? 'enable' : 'disable')}
        >
          {c.disabledAt ? 'Enable' : 'Disable'}
        </button>
        <ConfirmButton
          label={`Delete ${c.name}`}
          disabled={busy}
          question={`Delete the channel ${c.name}?`}
          onConfirm={() => change('delete')}
        >
          Delete
        </ConfirmButton>
      </div>
      {shown && <DeliveryLog channel={c} />}
    </li>
  );
}

export function ChannelsPage() {
  usePageTitle('Channels');
  const project = useProject();
  const canManage = project.role !== 'contributor';
  const [shown, setShown] = useState<string | null>(null);
  const channels = useChannels(project.slug, canManage);
  const act = useChangeChannel(project.slug);
  const change = (channel: Channel, what: ChannelChange['what']) =>
    act.mutate({ channel, what }, { onSuccess: () => what === 'test' && setShown(channel.id) });
  if (!canManage) {
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
      <AddChannelForm slug={project.slug} />
      <ListCard
        heading="Channels"
        controls={
          act.isSuccess && act.data.what === 'test' && <Notice>Test sent: see its delivery below.</Notice>
        }
        query={channels}
        items={channels.data?.channels ?? []}
        actionError={act.error}
        empty="No channels yet."
      >
        {(list) => (
          <ul className="plain channel-list">
            {list.map((c) => (
              <ChannelItem
                key={c.id}
                channel={c}
                busy={act.isPending}
                change={(what) => change(c, what)}
                shown={shown === c.id}
                toggle={() => setShown(shown === c.id ? null : c.id)}
              />
            ))}
          </ul>
        )}
      </ListCard>
    </>
  );
}
