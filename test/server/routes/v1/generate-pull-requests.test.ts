/**
 * POST /api/v1/entries/generate with `pullRequests` (docs/api.md#generate-a-draft-from-commits-and-pull-requests): the
 * merged pull requests of the range are the items, the first-parent commits that stand for them are
 * not items of their own, first-timers are credited, and bad pull-request data is a 400 with pointers.
 */
import { describe, expect, it } from 'vitest';
import { DraftSchema } from '../../../../core/contract/generate.schema.ts';
import { useTestServer } from '../../../helpers/build-server.ts';

const { server, headers } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });

const generate = (payload: object) =>
  server.app.inject({ method: 'POST', url: '/api/v1/entries/generate', headers, payload });

// The first-parent history of a merge-commit workflow, and the pull requests GitHub associates with it.
const commits = [
  'Merge pull request #2210 from octo/json\n\nAdd JSON output',
  'Merge pull request #2211 from ada/fix-empty\n\nFix crash when the config file is empty',
  'Release 3.1.0',
];
const pullRequests = [
  {
    number: 2210,
    title: 'Add JSON output',
    body: 'Closes #2100.\n\n## Release notes\n\n- `--json` prints every match as one JSON object per line',
    labels: ['enhancement'],
    author: 'octo',
    firstContribution: false,
    closes: [2100],
  },
  {
    number: 2211,
    title: 'Fix crash when the config file is empty',
    labels: ['bug'],
    author: 'ada',
    firstContribution: true,
  },
];

describe('generate with pullRequests', () => {
  it('drafts one item per pull request, in its release-note words, and credits the first-timer', async () => {
    const res = await generate({ commits, pullRequests, version: 'v3.1.0', repository: 'octo/grep' });
    expect(res.statusCode).toBe(201);
    const { draft, entry } = res.json();
    DraftSchema.parse(draft);
    expect(draft.version).toBe('3.1.0');
    expect(draft.title).toBe('`--json` prints every match as one JSON object per line');
    expect(entry.title).not.toContain('3.1.0');
    expect(draft.sections).toEqual([
      {
        category: 'feature',
        items: [
          '`--json` prints every match as one JSON object per line ([#2210](https://github.com/octo/grep/issues/2210), [#2100](https://github.com/octo/grep/issues/2100))',
        ],
      },
      {
        category: 'fix',
        items: [
          'Fix crash when the config file is empty ([#2211](https://github.com/octo/grep/issues/2211))',
        ],
      },
    ]);
    expect(draft.body.trimEnd().split('\n').at(-1)).toBe(
      '**New contributors**: \\@ada made their first contribution in [#2211](https://github.com/octo/grep/issues/2211).',
    );
    // Two merge commits stand for their pull requests; the release commit is dropped.
    expect(draft.commits).toEqual({ received: 3, used: 2, ignored: 1 });
    const stored = await server.app.inject({ url: `/api/v1/entries/${entry.id}`, headers });
    expect(stored.json().entry.version).toBe('3.1.0');
  });

  it('refuses malformed pull requests with a pointer to each bad field', async () => {
    const res = await generate({
      commits,
      pullRequests: [
        { number: 0, title: 'x' },
        { number: 5, title: 'y', author: 'not a login' },
        { number: 6, title: 'z', reviewers: [] },
      ],
    });
    expect(res.statusCode).toBe(400);
    const pointers = res.json().errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/pullRequests/0/number',
        '/pullRequests/1/author',
        '/pullRequests/2/reviewers',
      ]),
    );
    const tooMany = await generate({
      commits,
      pullRequests: Array.from({ length: 501 }, (_, i) => ({ number: i + 1, title: `PR ${i}` })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].pointer).toBe('/pullRequests');
  });
});
