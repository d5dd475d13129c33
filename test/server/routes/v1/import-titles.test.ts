/**
 * The title of an imported release (docs/api.md#import-history-and-the-drafting-profile): the notes'
 * leading user-facing change as written, its scope and code intact; a fix release titled by its fix,
 * not by the bug it states; internal sections and bumps never title a release. Through
 * `POST /api/v1/entries/import` against the real database.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';

const { server, headers } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' }, { workers: false });

/** The titles of the entries `notes` import as, one release each. */
async function titlesOf(notes: readonly string[]): Promise<string[]> {
  const releases = notes.map((text, i) => ({
    version: `0.${i + 1}.0`,
    publishedAt: new Date(Date.UTC(2024, 0, i + 1)).toISOString(),
    notes: text,
  }));
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/entries/import',
    headers,
    payload: { releases },
  });
  expect(res.statusCode, res.body).toBe(201);
  const ids: string[] = res.json().entries.map((e: { id: string }) => e.id);
  const titles = await Promise.all(
    ids.map(
      async (id) => (await server.app.inject({ url: `/api/v1/entries/${id}`, headers })).json().entry.title,
    ),
  );
  return titles as string[];
}

describe('an imported release’s title', () => {
  it('keeps the subject: a leading scope and code as written', async () => {
    expect(
      await titlesOf([
        '### Added\n\n- **Bash**: complete subcommands and their flags (#812)\n- Support for nushell',
        '### Added\n\n- fish: `z` completes directories as you type',
        '### Changed\n\n- `zoxide add` now accepts several paths at once',
      ]),
    ).toEqual([
      'Bash: complete subcommands and their flags',
      'fish: z completes directories as you type',
      'zoxide add now accepts several paths at once',
    ]);
  });

  it('titles a fix release by its fix, and skips internal sections and bumps', async () => {
    expect(
      await titlesOf([
        '### Fixed\n\n- Crash when the database file is empty (#40)\n- Typo in the help text',
        '## Bug fixes\n\n- `zoxide import` fails on a database with no entries',
        '### Dependencies\n\n- Bump rusqlite to 0.31\n\n### Fixed\n\n- Update the README\n- Paths with spaces are quoted again',
      ]),
    ).toEqual([
      'Fix crash when the database file is empty',
      'Fix zoxide import fails on a database with no entries',
      'Paths with spaces are quoted again',
    ]);
  });
});
