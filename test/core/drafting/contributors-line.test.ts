/**
 * The "Contributors" line (issue 22, scope 6) through POST /api/v1/entries/generate: with
 * `contributors: true`, every human author of the range's pull requests, once each with their pull
 * requests, bots excluded; without it, no such line.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../helpers/build-server.ts';

const { server, headers } = useTestServer({}, { plan: 'pro' });

const pullRequests = [
  { number: 12, title: 'Export the changelog as CSV', author: 'alice', labels: ['feature'] },
  { number: 13, title: 'Bump marked from 17 to 18', author: 'dependabot[bot]', labels: ['dependencies'] },
  { number: 14, title: 'Keep the widget open on resize', author: 'bob', labels: ['bug'] },
  { number: 15, title: 'Filter the feed by component', author: 'alice', labels: ['feature'] },
  { number: 16, title: 'Update the lockfile', author: 'renovate', labels: [] },
];

async function generate(extra: object) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/entries/generate',
    headers,
    payload: {
      commits: pullRequests.map((p) => `${p.title} (#${p.number})`),
      pullRequests,
      repository: 'acme/widgets',
      version: '1.2.0',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().draft.body as string;
}

describe('contributors line', () => {
  it('credits every human author once, with their pull requests, and no bot', async () => {
    const body = await generate({ contributors: true });
    expect(body).toMatch(
      /\*\*Contributors\*\*: \\@alice \(\[#12\]\(https:\/\/github\.com\/acme\/widgets\/issues\/12\), \[#15\]\([^)]+\)\), \\@bob \(\[#14\]\([^)]+\)\)\.\n?$/,
    );
    expect(body).not.toMatch(/Contributors.*(dependabot|renovate)/);
  });

  it("credits a pull request's own draft's authors with it, and no bot", async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/generate',
      headers,
      payload: {
        commits: ['feat: export as CSV'],
        repository: 'acme/widgets',
        source: { pullRequest: 31 },
        contributors: true,
        authors: ['grace', 'dependabot[bot]', 'alice'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().draft.body).toMatch(
      /\*\*Contributors\*\*: \\@grace \(\[#31\]\([^)]+\)\), \\@alice \(\[#31\]\([^)]+\)\)\.\n?$/,
    );
  });

  it('says nothing of contributors unless asked', async () => {
    expect(await generate({})).not.toContain('**Contributors**');
  });
});
