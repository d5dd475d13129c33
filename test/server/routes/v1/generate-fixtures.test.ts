/**
 * Every release of test/fixtures/releases through the HTTP route with the offline drafter: 201, a
 * valid draft, no invented reference, and a quality table per repository:
 * - ref coverage: of the PR/issue numbers the project's own notes cite and its user-facing commits
 *   carry, the share the draft cites too (goal ≥ 0.9; internal work is folded into a count by design);
 * - for the Conventional Commits repository, category accuracy against the commit types (goal ≥ 0.95);
 * - collapsed lines within 300 characters, and drafts of ≥ 20 commits at most twice the notes' length.
 */
import { expect, it } from 'vitest';
import { DraftSchema } from '../../../../core/contract/generate.schema.ts';
import { classifyCommit } from '../../../../core/drafting/changes/classify-commit.ts';
import { extractRefs, extractUrls } from '../../../../core/drafting/changes/commit-refs.ts';
import { isCollapsedLine } from '../../../../core/drafting/render/render-draft.ts';
import { useTestServer } from '../../../helpers/build-server.ts';
import { loadReleases } from '../../../fixtures/releases/load-releases.ts';

const releases = loadReleases();
const { server, headers } = useTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });

/** Issue/PR numbers cited by a text: `#123`, `/issues/123`, `/pull/123`. */
const numbers = (text: string) =>
  new Set([...text.matchAll(/(?:(?<![\w&])#|\/(?:issues|pull)\/)(\d+)\b/g)].map((m) => m[1]!));

const TYPE_CATEGORY: Record<string, string> = { feat: 'feature', fix: 'fix' };

it('drafts every release with no invented reference and prints the quality table', async () => {
  const table: Record<
    string,
    { releases: number; cited: number; relevant: number; coverage: string; categoryAccuracy?: string }
  > = {};
  let categoryHits = 0;
  let categoryTotal = 0;
  for (const release of releases) {
    const messages = release.commits.map((c) => c.message);
    const version = release.tag.replace(/^v/, '');
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/entries/generate',
      headers,
      payload: { commits: messages, version },
    });
    expect(res.statusCode, `${release.repo} ${release.tag}`).toBe(201);
    const draft = DraftSchema.parse(res.json().draft);
    expect(draft.version).toBe(version);

    // Nothing cited that the input does not contain.
    const allowed = new Set(messages.flatMap((m) => [...extractRefs(m), ...extractUrls(m)]));
    const draftText = `${draft.title}\n${draft.summary}\n${draft.body}`;
    for (const ref of [...extractRefs(draftText), ...extractUrls(draftText)])
      expect(allowed, `${release.tag}: ${ref}`).toContain(ref);

    const inNotes = numbers(release.releaseNotes);
    const inCommits = numbers(messages.filter((m) => classifyCommit(m).kind === 'change').join('\n'));
    const relevant = [...inNotes].filter((n) => inCommits.has(n));
    const cited = numbers(draft.body);
    for (const line of draft.sections.flatMap((x) => x.items).filter(isCollapsedLine))
      expect(line.length, `${release.tag}: ${line}`).toBeLessThanOrEqual(300);
    if (messages.length >= 20)
      expect(draft.body.length, `${release.repo} ${release.tag}`).toBeLessThanOrEqual(
        2 * release.releaseNotes.length,
      );
    const row = (table[release.repo] ??= { releases: 0, cited: 0, relevant: 0, coverage: '' });
    row.releases++;
    row.relevant += relevant.length;
    row.cited += relevant.filter((n) => cited.has(n)).length;

    if (release.repo === 'orhun/git-cliff') {
      for (const message of messages) {
        const m = /^(\w+)(?:\([^)]*\))?!?: .*\(#(\d+)\)$/.exec(message.split('\n')[0]!);
        if (!m || (m[1] === 'chore' && /^chore\(release\)/.test(message))) continue;
        const expected = TYPE_CATEGORY[m[1]!] ?? 'improvement';
        const section = draft.sections.find((s) =>
          s.items.some((item) => new RegExp(`#${m[2]}\\b`).test(item)),
        );
        if (!section) continue;
        categoryTotal++;
        if (section.category === expected) categoryHits++;
      }
    }
  }
  for (const row of Object.values(table))
    row.coverage = row.relevant ? (row.cited / row.relevant).toFixed(3) : 'n/a (notes cite no commit ref)';
  table['orhun/git-cliff']!.categoryAccuracy =
    `${(categoryHits / categoryTotal).toFixed(3)} (${categoryHits}/${categoryTotal})`;
  console.table(table);

  for (const row of Object.values(table))
    if (row.relevant > 0) expect(row.cited / row.relevant).toBeGreaterThanOrEqual(0.9);
  // Only listed items carry a reference: internal work (most of git-cliff's commits) is a count.
  expect(categoryTotal).toBeGreaterThan(50);
  expect(categoryHits / categoryTotal).toBeGreaterThanOrEqual(0.95);
});
