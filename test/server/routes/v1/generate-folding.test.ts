/**
 * What folds (docs/drafting.md, "Drafting rules"): a dependency bumped twice in a range is named at its
 * newest version; release commits ("<name> version 0.17.0", "Release 1.2.3", "Bump version",
 * "chore(release): 1.2.3") are not items; "Bump dependencies" goes inside the dependency line. Through
 * HTTP with the offline drafter, against the real database.
 */
import { expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';

const { server, headers } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });

it('names a dependency at its newest version, folds release commits and counts "Bump dependencies" in the dependency line', async () => {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/entries/generate',
    headers,
    payload: {
      commits: [
        'zoxide version 0.17.0',
        'chore(release): 0.17.0',
        'Release 0.17.0',
        'Bump version',
        'Prepare release',
        'feat: import from autojump databases',
        // The older bump first: pull requests and cherry-picks come in any order.
        'Bump itoa from 1.0.1 to 1.0.2',
        'Bump clap from 4.4.0 to 4.5.1',
        'Bump itoa from 1.0.2 to 1.0.3',
        'Bump dependencies',
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { draft } = res.json();
  expect(draft.sections.flatMap((s: { items: string[] }) => s.items)).toEqual([
    'Import from autojump databases',
    'Updated 3 dependencies: itoa 1.0.3, clap 4.5.1 and 1 more',
  ]);
  expect(draft.commits).toEqual({ received: 10, used: 5, ignored: 5 });
});
