/**
 * core/portable/import-batches.ts, the one copy of an import's calls and of adding up their answers
 * (used by `shiplog import`, the Action and the History page): at most 100 releases and 6 MiB a call,
 * in order, and one answer as if one call had imported everything.
 */
import { describe, expect, it } from 'vitest';
import type { ImportResponse } from '../../core/contract/history.schema.ts';
import { importBatches, importInBatches } from '../../core/portable/import-batches.ts';

describe('an import in batches', () => {
  it('sends at most 100 releases and 6 MiB a call, in the order given', () => {
    const small = Array.from({ length: 250 }, (_, i) => ({
      version: `0.0.${i}`,
      publishedAt: 'x',
      notes: 'n',
    }));
    const batches = importBatches(small);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(small);
    const big = Array.from({ length: 5 }, (_, i) => ({
      version: `1.${i}.0`,
      publishedAt: 'x',
      // Multi-byte characters: the limit is in bytes of UTF-8, not characters.
      notes: 'é'.repeat(1_000_000),
    }));
    expect(importBatches(big).map((b) => b.length)).toEqual([3, 2]);
  });

  it('adds up the answers: counts summed, lists appended in order, the profile as the last call left it', async () => {
    const releases = Array.from({ length: 150 }, (_, i) => ({ version: `0.${i}.0` }));
    const answer = (batch: { version: string }[], learned: number): ImportResponse => ({
      imported: batch.length - 1,
      replaced: 1,
      skipped: [{ version: batch[0]!.version, reason: 'duplicate' }],
      warnings: [{ version: batch.at(-1)!.version, message: 'dated far from its tag' }],
      entries: batch.map((r) => ({
        id: `ent_${r.version}`,
        slug: r.version,
        version: r.version,
        status: 'published',
      })),
      profile: { releasesLearned: learned },
      learning:
        learned === 10
          ? { status: 'none', repository: null, reason: 'no repository is linked' }
          : { status: 'fetching', repository: 'acme/app', reason: null },
    });
    const sent: number[] = [];
    const total = await importInBatches(releases, async (batch) => {
      sent.push(batch.length);
      return answer(batch, sent.length * 10);
    });
    expect(sent).toEqual([100, 50]);
    expect(total).toMatchObject({
      imported: 148,
      replaced: 2,
      skipped: [
        { version: '0.0.0', reason: 'duplicate' },
        { version: '0.100.0', reason: 'duplicate' },
      ],
      warnings: [
        { version: '0.99.0', message: 'dated far from its tag' },
        { version: '0.149.0', message: 'dated far from its tag' },
      ],
      profile: { releasesLearned: 20 },
      // The most telling of the calls': that some releases cannot teach, over a fetch under way.
      learning: { status: 'none', reason: 'no repository is linked' },
    });
    expect(total.entries.map((e) => e.version)).toEqual(releases.map((r) => r.version));
  });
});
