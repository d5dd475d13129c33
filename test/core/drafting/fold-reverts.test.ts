/**
 * Reverts through the library (docs/drafting.md#drafting-rules, "Reverts"; core/drafting/changes/fold-reverts.ts and
 * revert-target.ts): a change and its revert in one range both drop out, found by the SHA the revert
 * names, the pull request GitHub's Revert button names, or the quoted subject; a revert of a revert
 * keeps the change; a revert of something shipped before is a fix.
 */
import { describe, expect, it } from 'vitest';
import { draftRelease } from '../../../core/drafting/index.ts';

const items = (draft: { sections: { category: string; items: string[] }[] }) =>
  draft.sections.flatMap((s) => s.items.map((i) => `${s.category}: ${i}`));

/** Shiplog's own pair (ec9bb43, reverted by d1d87ba in the same release), as git gives them. */
const PERF = 'perf(email): a batch sends up to 25 messages side by side over the pooled SMTP connections';
const REVERT =
  'revert(email): batches send one message at a time again; sending 25 side by side measured no faster\n\n' +
  'This reverts commit ec9bb43: npm run bench -- dispatch at 10,000 subscribers gave 0.607 with it against 0.645 without.';
const FEATURE = 'feat(api): generate suggests the next version';
const PERF_SHA = 'ec9bb43d50c2c1b1a0c2d24e9e6a0f7f6b2ad9a1';

describe('reverts', () => {
  it('drops a commit and its revert in one range, found by the SHA the revert names', () => {
    const draft = draftRelease(
      {
        commits: [REVERT, FEATURE, PERF],
        commitDetails: [
          { index: 0, files: ['server/email.ts'], sha: 'd1d87ba0a4c7be3a1d0e5f6a7b8c9d0e1f2a3b4c' },
          { index: 1, files: ['server/generate.ts'], sha: '1111111111111111111111111111111111111111' },
          { index: 2, files: ['server/email.ts'], sha: PERF_SHA },
        ],
      },
      null,
    );
    expect(items(draft)).toEqual(['feature: **api**: Generate suggests the next version']);
    expect(draft.commits).toEqual({ received: 3, used: 1, ignored: 2 });
  });

  it('keeps both when the SHA the revert names is another commit of the same subject', () => {
    // The same subject shipped before (a cherry-pick): the revert undoes that one, not this one.
    const draft = draftRelease(
      {
        commits: [`Revert "${PERF}"\n\nThis reverts commit ${PERF_SHA}.`, PERF],
        commitDetails: [
          { index: 1, files: ['server/email.ts'], sha: '2222222222222222222222222222222222222222' },
        ],
      },
      null,
    );
    expect(items(draft)).toHaveLength(2);
  });

  it('drops a pair by the quoted subject when no SHA is sent, as git writes a revert', () => {
    const draft = draftRelease(
      {
        commits: [
          'Revert "feat: export the report as CSV"\n\nThis reverts commit 0123456789abcdef0123456789abcdef01234567.',
          FEATURE,
          'feat: export the report as CSV',
        ],
      },
      null,
    );
    expect(items(draft)).toEqual(['feature: **api**: Generate suggests the next version']);
  });

  it("drops a pull request and GitHub's revert of it, which names it in its body", () => {
    const draft = draftRelease(
      {
        commits: ['Revert CSV export (#14)', FEATURE, 'Export the report as CSV (#12)'],
        pullRequests: [
          { number: 14, title: 'Revert CSV export', body: 'Reverts acme/reports#12\n\nIt broke Excel.' },
          { number: 12, title: 'Export the report as CSV', body: '', labels: ['feature'] },
        ],
      },
      null,
    );
    expect(items(draft)).toEqual(['feature: **api**: Generate suggests the next version']);
  });

  it('keeps a change whose revert was itself reverted', () => {
    const draft = draftRelease(
      {
        commits: [
          'Revert "Revert "feat: export the report as CSV""',
          'Revert "feat: export the report as CSV"',
          'feat: export the report as CSV',
        ],
      },
      null,
    );
    expect(items(draft)).toEqual(['feature: Export the report as CSV']);
  });

  it('pairs a revert with the older change of its subject: a change made again after it stays', () => {
    const draft = draftRelease(
      {
        commits: [
          'feat: export the report as CSV (#3)',
          'Revert "feat: export the report as CSV (#1)" (#2)',
          'feat: export the report as CSV (#1)',
        ],
      },
      null,
    );
    expect(items(draft)).toEqual(['feature: Export the report as CSV (#3)']);
  });

  it('lists a revert of something shipped before as a fix, named after what it undoes', () => {
    const draft = draftRelease(
      { commits: ['Revert "feat: export the report as CSV"', REVERT, FEATURE] },
      null,
    );
    expect(items(draft)).toEqual([
      'feature: **api**: Generate suggests the next version',
      'fix: Revert "Export the report as CSV"',
      'fix: **email**: Batches send one message at a time again; sending 25 side by side measured no faster',
    ]);
  });

  it('folds a revert of internal work into Maintenance, as the work it undoes', () => {
    const draft = draftRelease({ commits: ['Revert "ci: cache the toolchain"', FEATURE] }, null);
    expect(items(draft)).toEqual([
      'feature: **api**: Generate suggests the next version',
      'improvement: Maintenance: 1 internal change',
    ]);
  });
});
