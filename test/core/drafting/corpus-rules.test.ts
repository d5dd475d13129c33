/**
 * The drafting rules measured on the evaluation corpus (bench/eval/MATCHER.md, `npm run eval:drafts`),
 * each driven by real commit messages (test/fixtures/drafting/: repository, sha and licence of each):
 * internal work in more spellings (documentation formats, a change inside a test, release tooling,
 * the project's own pages and branches, code comments and reshaping), gitmoji headers, dependency
 * bumps behind an area and in `==` pins, reverts of internal work, review-thread follow-ups, a `BREAKING:` marker and a body
 * that says it breaks, relaxations that are not breaking, security fixes ranked for the headline,
 * changes citing one issue merged, and a run of small additions to one area read as one item. A
 * commit its author typed user-facing (`feat:`, `fix:`) is an item whatever its words say (issue 31:
 * the author decides first; rule `typed-user-facing`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommit } from '../../../core/drafting/changes/classify-commit.ts';
import { draftRelease } from '../../../core/drafting/index.ts';
import { isCollapsedLine } from '../../../core/drafting/render/render-draft.ts';

type FixtureCommit = {
  rule: string;
  repo: string;
  sha: string;
  message: string;
  kind: string;
  breaking?: boolean;
  category?: string;
};

const FIXTURES: FixtureCommit[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../fixtures/drafting/commits.json'), 'utf8'),
) as FixtureCommit[];

const ofRule = (rule: string) => FIXTURES.filter((c) => c.rule === rule);
const messages = (rule: string) => ofRule(rule).map((c) => c.message);
const draft = (commits: string[]) => draftRelease({ commits }, null);
const listed = (d: ReturnType<typeof draft>) =>
  d.sections.flatMap((s) => s.items).filter((i) => !isCollapsedLine(i));
const subject = (message: string) => message.split('\n', 1)[0]!;

describe('each fixture commit is read as its rule says', () => {
  const rules = [...new Set(FIXTURES.map((c) => c.rule))];
  it('covers every rule with at least one commit', () => {
    expect(rules).toEqual(
      expect.arrayContaining([
        'internal-test',
        'internal-tooling',
        'internal-project',
        'internal-code',
        'gitmoji',
        'dependency',
        'revert-internal',
        'review-thread',
        'breaking-marker',
        'breaking-body',
        'not-breaking',
        'user-facing',
        'raised-minimum',
        'internal-docs-section',
        'internal-version-notes',
        'header-variant',
        'dependency-constraint',
        'breaking-prose',
        'inside-pull-request',
        'missing-is-fix',
        'typed-user-facing',
        'closing-keyword',
      ]),
    );
  });

  it.each(FIXTURES.map((c) => [c.rule, `${c.repo}@${c.sha.slice(0, 8)}`, c] as const))(
    '%s: %s',
    (_rule, _where, c) => {
      const classified = classifyCommit(c.message);
      expect({
        kind: classified.kind,
        ...(c.breaking === undefined ? {} : { breaking: classified.breaking }),
        ...(c.category === undefined ? {} : { category: classified.category }),
      }).toEqual({
        kind: c.kind,
        ...(c.breaking === undefined ? {} : { breaking: c.breaking }),
        ...(c.category === undefined ? {} : { category: c.category }),
      });
    },
  );
});

describe('in a draft', () => {
  it('folds every internal commit into the Maintenance line, and keeps the user-facing ones as items', () => {
    const internal = FIXTURES.filter((c) => c.kind === 'maintenance').map((c) => c.message);
    const userFacing = messages('user-facing');
    const d = draft([...internal, ...userFacing]);
    expect(listed(d)).toHaveLength(userFacing.length);
    expect(d.sections.flatMap((s) => s.items)).toContainEqual(
      expect.stringMatching(new RegExp(`^Maintenance: ${internal.length} internal changes\\b`)),
    );
  });

  it('puts a security fix in the title ahead of a feature of the same release (rack)', () => {
    const feature = messages('user-facing').find((m) => m.startsWith('Implement OBS unfolding'))!;
    const [, traversal] = messages('security');
    const d = draft([feature, traversal!]);
    expect(d.title).toBe('Prevent directory traversal via root prefix bypass');
    // Without the security fix the feature is the headline: the rank, not the order, decides.
    expect(draft([feature]).title).toBe(subject(feature));
  });

  it('reads arbitrary program execution as a security fix, ahead of a feature (ripgrep 13.0.0, CVE-2021-3013)', () => {
    const feature = messages('user-facing').find((m) => m.startsWith('Implement OBS unfolding'))!;
    const execution = messages('security').find((m) => m.includes('arbitrary execution'))!;
    expect(draft([feature, execution]).title).toBe('Fix arbitrary execution of program bug');
  });

  it('merges two changes citing the same issue into one item with both references (ripgrep #1911)', () => {
    const d = draft(messages('same-issue'));
    const items = listed(d);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatch(/#1911/);
    expect(items[0]).toMatch(/#2000/);
  });

  it('reads a run of small additions to one area as one item citing each (ripgrep ignore/types)', () => {
    const run = messages('small-additions');
    const d = draft([...run, ...messages('user-facing')]);
    const grouped = listed(d).filter((i) => i.startsWith('**ignore/types**'));
    expect(grouped).toEqual([
      '**ignore/types**: Add red; mint; Futhark; vcl; racket; dvc (#1663, #1844, #1720, #1659, #1628, #1608)',
    ]);
    // The run never takes the headline from a single change.
    expect(d.title).not.toMatch(/red|mint|Futhark/);
    // Three are not a run.
    expect(listed(draft(run.slice(0, 3)))).toHaveLength(3);
  });

  it('lists a BREAKING: commit first under Breaking changes, in its own words (ripgrep)', () => {
    const [marked] = messages('breaking-marker');
    const d = draft([marked!, ...messages('user-facing')]);
    expect(d.body).toMatch(/### Breaking changes\n\n- \*\*regex\*\*: Finally remove CRLF hack\n/);
  });

  it('lists a raised minimum version filed as a chore as breaking, below a feature in the title (git-cliff)', () => {
    const [chore, area] = messages('raised-minimum');
    const feature = messages('user-facing').find((m) => m.startsWith('Implement OBS unfolding'))!;
    const d = draft([chore!, feature]);
    expect(listed(d)).toContain('**Breaking:** Bump MSRV to 1.83.0');
    expect(d.title).toBe(subject(feature));
    // Said by its area (ripgrep's `msrv: bump to Rust 1.65.0`), it keeps the area and ranks the same.
    const byArea = draft([area!, feature]);
    expect(listed(byArea)).toContain('**Breaking:** **msrv**: Bump to Rust 1.65.0');
    expect(byArea.title).toBe(subject(feature));
    // Alone, it is the release's news.
    expect(draft([chore!]).title).toBe('Bump MSRV to 1.83.0');
    // Support for an old runtime dropped is a raised minimum too (poetry): breaking, never the title.
    const dropped = messages('raised-minimum').find((m) => m.startsWith('drop support'))!;
    const withDropped = draft([dropped, feature]);
    expect(withDropped.body).toMatch(/### Breaking changes\n\n- Drop support for Python 3\.9\n/);
    expect(withDropped.title).toBe(subject(feature));
  });

  it('files "Add missing …" under Fixes, below a feature in the title (httpx, click)', () => {
    const feature = messages('user-facing').find((m) => m.startsWith('Implement OBS unfolding'))!;
    const d = draft([...messages('missing-is-fix'), feature]);
    const fixes = d.sections.find((s) => s.category === 'fix')?.items ?? [];
    expect(fixes).toHaveLength(2);
    expect(d.title).toBe(subject(feature));
  });

  it('folds a commit of a merged pull request into the pull request it came with (click, git log with merges)', () => {
    const [pr, inner, otherPr, otherInner] = messages('inside-pull-request');
    expect(listed(draft([pr!, inner!]))).toEqual(['Show default string in prompt (#3328)']);
    expect(listed(draft([otherPr!, otherInner!]))).toEqual(['Make `TextWrapper` ANSI-aware (#3420)']);
    // Listed the other way round, the pull request's title still names the change.
    expect(listed(draft([inner!, pr!]))).toEqual(['Show default string in prompt (#3328)']);
    // A pull request and another change that shares a word or two stay two items.
    expect(listed(draft([pr!, otherInner!]))).toHaveLength(2);
  });

  it('drops a review-thread follow-up from the items (click)', () => {
    const [followUp] = messages('review-thread');
    const d = draft([followUp!]);
    expect(listed(d)).toEqual([]);
    expect(d.title).toBe('Maintenance and dependency updates');
  });
});
