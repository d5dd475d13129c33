/**
 * Reverts through generate (docs/drafting.md#drafting-rules, "Reverts"; docs/api.md `commitDetails[].sha`): over
 * HTTP with the offline drafter, against the real database. A commit and its revert in one range are
 * neither listed, the revert naming the commit by the SHA its detail carries (Shiplog's own pair from
 * this repository's history); a revert of an earlier release's commit is listed as a fix.
 */
import { expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';

const { server, headers } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });

const generate = (payload: object) =>
  server.app.inject({ method: 'POST', url: '/api/v1/entries/generate', headers, payload });

const PERF =
  "perf(email): a batch sends up to 25 messages side by side over the pooled SMTP connections and records them in groups; 4 batches at a time keep a crash's duplicates at 100 per server";
const REVERT =
  'revert(email): batches send one message at a time again; sending 25 side by side measured no faster\n\n' +
  'This reverts commit ec9bb43: npm run bench -- dispatch at 10,000 subscribers gave 0.607 with it against 0.645 without, the same hour.';
const FEATURE = 'feat(api): generate suggests the next version (draft.suggestedVersion)';

const itemsOf = (draft: { sections: { category: string; items: string[] }[] }) =>
  draft.sections.flatMap((s) => s.items.map((i) => `${s.category}: ${i}`));

it('lists neither a commit nor its revert in one range, the revert naming its SHA', async () => {
  const res = await generate({
    commits: [REVERT, FEATURE, PERF],
    commitDetails: [
      { index: 0, files: ['server/services/email.ts'], sha: 'd1d87ba5e7f0c9b2a4d6e8f0a1b3c5d7e9f1a2b4' },
      { index: 1, files: ['server/routes/v1/generate.ts'], sha: 'a00dd96c1e3a5b7d9f1e3c5a7b9d1f3e5a7c9e1b' },
      { index: 2, files: ['server/services/email.ts'], sha: 'ec9bb43f2d4b6a8c0e2f4a6b8d0c2e4f6a8b0d2c' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const { draft } = res.json();
  expect(itemsOf(draft)).toEqual([
    'feature: **api**: Generate suggests the next version (draft.suggestedVersion)',
  ]);
  expect(draft.commits).toEqual({ received: 3, used: 1, ignored: 2 });
  expect(draft.body).not.toMatch(/25 messages|one message at a time/);
});

it('lists a revert of an earlier release’s commit as a fix', async () => {
  const res = await generate({
    commits: [REVERT, FEATURE],
    commitDetails: [
      { index: 0, files: ['server/services/email.ts'], sha: 'd1d87ba5e7f0c9b2a4d6e8f0a1b3c5d7e9f1a2b4' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(itemsOf(res.json().draft)).toEqual([
    'feature: **api**: Generate suggests the next version (draft.suggestedVersion)',
    'fix: **email**: Batches send one message at a time again; sending 25 side by side measured no faster',
  ]);
});

it('refuses a commit SHA that is not 7 to 40 hex digits, naming where', async () => {
  const res = await generate({
    commits: [FEATURE],
    commitDetails: [{ index: 0, files: ['server/routes/v1/generate.ts'], sha: 'HEAD~1' }],
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe('invalid');
  expect(JSON.stringify(res.json())).toContain('/commitDetails/0/sha');
});
