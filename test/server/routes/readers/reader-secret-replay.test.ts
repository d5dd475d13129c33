/**
 * The reader secret is an owner's (docs/readers.md#rotation), and an `Idempotency-Key`
 * replay (scoped to the project, docs/api.md#idempotency) must not hand it to a member who may not
 * make one: the role is checked before a stored answer is replayed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { type SignedInUser, signedInUser } from '../../../helpers/dashboard.ts';

const { server, headers, owner } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });
const users = {} as Record<'owner' | 'publisher' | 'contributor', SignedInUser>;

beforeAll(async () => {
  for (const role of ['owner', 'publisher', 'contributor'] as const) {
    users[role] = await signedInUser(server, [{ projectId: owner.project.id, role }]);
  }
});

const rotate = (h: Record<string, string>, key: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/project/reader-secret',
    headers: { ...h, 'idempotency-key': key },
  });
const as = (role: keyof typeof users) => ({ ...users[role].headers, 'shiplog-project': owner.project.slug });

describe("an Idempotency-Key replay of the reader secret's answer", () => {
  it.each([['an API key'], ['an owner']])(
    'made by %s reaches no publisher or contributor (403)',
    async (by) => {
      const key = `rotate-${by.replace(/\W/g, '')}`;
      const made = await rotate(by === 'an owner' ? as('owner') : headers, key);
      expect(made.statusCode, made.body).toBe(201);
      const { secret } = made.json();
      for (const role of ['publisher', 'contributor'] as const) {
        const res = await rotate(as(role), key);
        expect(res.statusCode, role).toBe(403);
        expect(res.body).not.toContain(secret);
      }
      const replay = await rotate(by === 'an owner' ? as('owner') : headers, key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    },
  );
});
