/**
 * What a fuzzer of the API needs to reach past "not found": a pro project with its key, a signed-in
 * owner of it (the session, /api/v1's other security scheme), and things that exist in it (drafts,
 * published entries, a channel and a failed delivery, subscribers with their tokens, an upload, a
 * preview link, the widget's script hash, a cursor, an identified reader's token), offered by field name
 * as {@link FieldHints}.
 */
import { addConfirmationLink } from '../../server/db/subscribers.ts';
import { insertUpload } from '../../server/db/uploads.ts';
import { newConfirmToken, unsubscribeToken } from '../../server/services/engagement/subscription-tokens.ts';
import { newId } from '../../server/db/new-id.ts';
import type { TestServer } from './build-server.ts';
import { signedInUser } from './dashboard.ts';
import { createReaderSecret, signReaderToken } from './reader-tokens.ts';
import { insertSubscribers } from './subscribers.ts';

/** Known values of a parameter or body field (`name`) of the operation `METHOD path`. */
export type FieldHints = (method: string, path: string, name: string) => readonly unknown[];

export type FuzzFixtures = {
  /** `Authorization: Bearer` with the project's key. */
  keyHeaders: Record<string, string>;
  /** The owner's session: cookie, same-origin Origin, CSRF token and `Shiplog-Project`. */
  sessionHeaders: Record<string, string>;
  hints: FieldHints;
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const EMOJI = ['👍', '🎉', '❤️', '🚀', '👀'];

export async function makeFuzzFixtures(server: TestServer): Promise<FuzzFixtures> {
  const { project, headers: keyHeaders } = await server.project('pro');
  const owner = await signedInUser(server, [{ projectId: project.id, role: 'owner' }]);
  const slug = project.slug;
  const inject = server.app.inject.bind(server.app);
  const create = async (payload: object) =>
    (await inject({ method: 'POST', url: '/api/v1/entries', headers: keyHeaders, payload })).json().entry;
  const drafts = [
    await create({ title: 'Fuzz draft', body: 'x' }),
    await create({ title: 'Other', body: 'y' }),
  ];
  const published = [
    await create({ title: 'Fuzz news', body: '**b**', publish: true }),
    await create({ title: 'More news', body: 'c', publish: true, version: '1.2.0' }),
  ];
  const entryIds = [...drafts, ...published].map((e: { id: string }) => e.id);
  // Offered only to DELETE …/schedule, so that nothing publishes it first.
  const scheduled = (
    await create({ title: 'Later', body: 'z', publishAt: new Date(Date.now() + 86_400_000) })
  ).id as string;
  const preview = (await inject({ url: `/api/v1/entries/${drafts[0].id}`, headers: keyHeaders })).json().entry
    .previewUrl as string;
  const cursor = (await inject({ url: '/api/v1/entries?limit=1', headers: keyHeaders })).json().nextCursor;

  const channel = (
    await inject({
      method: 'POST',
      url: '/api/v1/channels',
      headers: keyHeaders,
      payload: { type: 'webhook', url: 'https://hooks.example.com/shiplog' },
    })
  ).json().channel.id as string;
  const delivery = (
    await inject({ method: 'POST', url: `/api/v1/channels/${channel}/test`, headers: keyHeaders })
  ).json().delivery.id as string;
  // A failed delivery (as after its last attempt) is one that can be retried.
  await server.db.sql`update channel_deliveries set status = 'failed' where id = ${delivery}`;

  const subscribers = ['sub_fuzz1', 'sub_fuzz2', 'sub_fuzz3'];
  await insertSubscribers(server.db.sql, project.id, [
    [subscribers[0]!, 'one@example.com'],
    [subscribers[1]!, 'two@example.com', 'pending'],
    [subscribers[2]!, 'three@example.com'],
  ]);
  const confirmTokens: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { token, hash } = newConfirmToken();
    await addConfirmationLink(server.db.sql, subscribers[1]!, hash);
    confirmTokens.push(token);
  }
  const secret = server.app.shiplog.unsubscribeSecret;
  const unsubscribe = subscribers.map((id) => unsubscribeToken(secret, id));

  const upload = newId('upl');
  await insertUpload(server.db.sql, {
    id: upload,
    projectId: project.id,
    uploadedBy: null,
    mediaType: 'image/png',
    bytes: PNG,
  });
  const script = String((await inject({ url: '/widget.js' })).headers.location);
  // An identified reader's token, for what only a reader may call (what they have seen).
  const readerToken = await signReaderToken(await createReaderSecret(server, keyHeaders), { sub: 'fuzz' });

  const byPath: Record<string, Record<string, readonly unknown[]>> = {
    '/api/v1/entries/{id}/schedule': { id: [scheduled, ...entryIds] },
    '/api/v1/entries/{id}': { id: entryIds },
    '/api/v1/subscribers/{id}': { id: subscribers },
    '/api/v1/channels/{id}': { id: [channel] },
    '/api/subscribe/confirm': { token: confirmTokens },
    '/api/unsubscribe': { token: unsubscribe },
    '/changelog/{slug}/preview/{token}': { token: [preview.split('/').pop()] },
    '/api/widget/{slug}/seen': { token: [readerToken] },
  };
  const byName: Record<string, readonly unknown[]> = {
    slug: [slug],
    project: [slug],
    entrySlug: published.map((e: { slug: string }) => e.slug),
    entryId: published.map((e: { id: string }) => e.id),
    deliveryId: [delivery],
    format: ['rss', 'atom', 'json'],
    hash: [script.replace(/^\/widget\.|\.js$/g, '')],
    file: [`${upload}.png`],
    emoji: EMOJI,
    url: ['https://hooks.example.com/shiplog', 'https://example.com/app'],
    repository: ['octo/app'],
    // An imported release is dated in the past (a date-time drawn at random mostly is not).
    publishedAt: ['2024-01-02T03:04:05.000Z', '2019-06-01T00:00:00Z'],
    cursor: cursor ? [cursor] : [],
    // A commit detail names one of `commits` by its index (a drawn number mostly names none).
    index: [0],
  };
  return {
    keyHeaders,
    sessionHeaders: { ...owner.headers, 'shiplog-project': slug },
    hints: (_method, path, name) => {
      // The longest prefix: /api/v1/entries/{id}/schedule before /api/v1/entries/{id}.
      const prefix = Object.keys(byPath)
        .filter((p) => path.startsWith(p))
        .sort((a, b) => b.length - a.length)[0];
      return (prefix ? byPath[prefix]![name] : undefined) ?? byName[name] ?? [];
    },
  };
}
