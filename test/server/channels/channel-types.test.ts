/**
 * Channel kinds as a registry (core/contract/channels.schema.ts → server/channels/channel-types.ts):
 * the database's check allows exactly the contract's list, every kind has its module, and each kind's
 * destination rule applies at creation (Slack and Discord URLs on their own hosts; any https URL for a
 * webhook), while the SSRF guard applies to all.
 */
import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../../../core/contract/channels.schema.ts';
import { CHANNEL_TYPE_MODULES } from '../../../server/channels/channel-types.ts';
import { useTestServer } from '../../helpers/build-server.ts';

const { server, headers } = useTestServer({}, { workers: false });

const create = (type: string, url: string) =>
  server.app.inject({ method: 'POST', url: '/api/v1/channels', headers, payload: { type, url } });

describe('channel kinds', () => {
  it('are one list: the database check, the registry and the API enum agree', async () => {
    const [row] = await server.db.sql<{ def: string }[]>`
      select pg_get_constraintdef(c.oid) as def from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      where t.relname = 'channels' and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%type%'`;
    const allowed = [...row!.def.matchAll(/'([a-z]+)'::text/g)].map((m) => m[1]).sort();
    expect(allowed).toEqual([...CHANNEL_TYPES].sort());
    expect(Object.keys(CHANNEL_TYPE_MODULES).sort()).toEqual([...CHANNEL_TYPES].sort());
    const unknown = await create('teams', 'https://example.com/hook');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].pointer).toBe('/type');
  });

  it("apply each kind's destination rule at creation", async () => {
    const wrongSlack = await create('slack', 'https://example.com/services/T/B/x');
    expect(wrongSlack.statusCode).toBe(400);
    expect(wrongSlack.json().errors).toEqual([
      {
        pointer: '/url',
        detail: 'must be a Slack incoming webhook URL (https://hooks.slack.com/services/…)',
      },
    ]);
    const wrongDiscord = await create('discord', 'https://example.com/api/webhooks/1/x');
    expect(wrongDiscord.statusCode).toBe(400);
    expect(wrongDiscord.json().errors[0].detail).toMatch(/Discord webhook URL/);
    // A webhook may point anywhere public; the SSRF guard refuses the rest for every kind.
    expect((await create('slack', 'https://127.0.0.1/services/x')).statusCode).toBe(400);
  });
});
