/**
 * The orchestrator's second entry, `writeRelease` (core/drafting/draft-release.ts): the same steps as
 * `draftRelease` with step 4 written by a writer given as an argument (the AI drafter). The writer is a
 * plain function here: what it is given, when it is called, and how its answer is held to the offline
 * drafter's guarantees.
 */
import { describe, expect, it } from 'vitest';
import {
  draftRelease,
  type DraftWriter,
  type WriterBrief,
  type WrittenAnswer,
  writeRelease,
} from '../../../core/drafting/index.ts';

const commits = [
  'feat: export the report as CSV (#12)',
  'fix: the date picker forgets the time zone (#13)',
  'chore: bump eslint from 9.1 to 9.2',
];

/** A writer answering `answer`, recording each brief it was given. */
function recording(answer: WrittenAnswer['answer']): { writer: DraftWriter; briefs: WriterBrief[] } {
  const briefs: WriterBrief[] = [];
  const writer: DraftWriter = async (brief) => {
    briefs.push(brief);
    return { answer, provider: 'openai', model: 'm-1', usage: { inputTokens: 120, outputTokens: 30 } };
  };
  return { writer, briefs };
}

const answer = {
  title: 'CSV export',
  summary: 'Reports export as CSV.',
  sections: [
    { category: 'feature' as const, items: ['Reports can be exported as CSV (#12, #99)'] },
    { category: 'fix' as const, items: ['The date picker keeps the time zone (#13)'] },
  ],
};

describe('writeRelease', () => {
  it("gives the writer the selected changes, and completes its answer as generate's draft", async () => {
    const { writer, briefs } = recording(answer);
    const written = await writeRelease(
      { commits, version: '2.1.0', previousVersion: '2.0.0', repository: 'octo/app' },
      null,
      writer,
    );
    expect(briefs).toHaveLength(1);
    // Steps 1-3 ran first: the bump is no change the writer may write about.
    expect(briefs[0]!.changes.changes.map((c) => c.text)).toEqual([
      'Export the report as CSV',
      'The date picker forgets the time zone',
    ]);
    expect(briefs[0]!.version).toBe('2.1.0');
    expect(briefs[0]!.highlights).toBeNull();
    if ('unusable' in written) throw new Error(written.unusable);
    // The reference the input does not hold is stripped and reported.
    expect(written.removedRefs).toEqual(['#99']);
    expect(written.draft.body).not.toContain('#99');
    expect(written.draft.body).toContain('([#12](https://github.com/octo/app/issues/12))');
    expect(written.draft).toMatchObject({
      provider: 'openai',
      model: 'm-1',
      usage: { inputTokens: 120, outputTokens: 30 },
      title: 'CSV export',
      version: '2.1.0',
      suggestedVersion: '2.1.0',
      category: 'feature',
      commits: { received: 3, used: 3, ignored: 0 },
      profile: { releasesLearned: 0 },
    });
  });

  it('asks for highlights only when the request (or the profile) does, and how many', async () => {
    const { writer, briefs } = recording(answer);
    await writeRelease({ commits, detail: 'highlights' }, null, writer);
    expect(briefs[0]!.highlights).toEqual({ count: 3 });
  });

  it('never calls the writer for a release with nothing users would read: the offline draft', async () => {
    const { writer, briefs } = recording(answer);
    const input = { commits: ['chore: bump eslint from 9.1 to 9.2', 'ci: cache the toolchain'] };
    const written = await writeRelease(input, null, writer);
    expect(briefs).toHaveLength(0);
    expect(written).toEqual({ draft: draftRelease(input, null), removedRefs: [] });
  });

  it('says why an answer left with no usable item cannot be used', async () => {
    const { writer } = recording({ ...answer, sections: [{ category: 'feature', items: ['ok'] }] });
    expect(await writeRelease({ commits }, null, writer)).toEqual({
      unusable: 'The AI draft had no usable items',
    });
  });
});
