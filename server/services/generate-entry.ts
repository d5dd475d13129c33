/**
 * POST /api/v1/entries/generate (spec 4.3, CONTRACT.md "POST /api/v1/entries/generate"): commit
 * messages → cleaned → drafted (OpenAI or the offline drafter) → stored as an entry (`source:
 * generate`), published and dispatched when asked.
 *
 * Quota: an AI draft takes one unit of the project's monthly quota before the provider is called (so
 * concurrent requests cannot overspend) and gives it back if anything fails, so a failure neither
 * stores an entry nor spends quota. Offline drafts, and releases with no user-facing change (no model
 * needed), cost nothing.
 */
import type { Draft, GenerateInput } from '../../core/contract/generate.schema.ts';
import { releaseAiDraft, reserveAiDraft } from '../db/ai-usage.ts';
import type { TransactionSql } from '../db/connect.ts';
import type { EntryRow } from '../db/entries.ts';
import type { ProjectRow } from '../db/projects.ts';
import { AiUnavailableError, QuotaExceededError } from '../errors.ts';
import type { ServiceContext } from './context.ts';
import { createEntry } from './create-entry.ts';
import { cleanCommits } from './drafting/commit-hygiene.ts';
import { draftOffline } from './drafting/offline-drafter.ts';
import { draftWithOpenAI } from './drafting/openai-drafter.ts';
import { refLinker } from './drafting/ref-links.ts';

export async function generateEntry(
  ctx: ServiceContext,
  project: ProjectRow,
  input: GenerateInput,
  log: { warn: (obj: object, msg: string) => void },
  beforeCommit?: (tx: TransactionSql, result: { entry: EntryRow; draft: Draft }) => Promise<void>,
): Promise<{ entry: EntryRow; draft: Draft }> {
  const { ai } = ctx.config;
  if (ai.provider === 'off') throw new AiUnavailableError('AI generation is turned off on this server', 3600);
  const commits = cleanCommits(input.commits);
  const version = input.version ?? null;
  const link = refLinker(input.repository, input.repositoryUrl);
  const useModel = ai.provider === 'openai' && ctx.openai !== null && commits.changes.length > 0;

  let reserved: string | null = null;
  if (useModel) {
    const limit = project.plan === 'business' ? ai.monthlyQuota.business : ai.monthlyQuota.pro;
    reserved = await reserveAiDraft(ctx.sql, project.id, limit);
    if (!reserved) {
      throw new QuotaExceededError(
        `The project's ${limit} AI drafts for this month are used up; they renew on the 1st (UTC)`,
      );
    }
  }
  try {
    let core: Omit<Draft, 'version' | 'commits' | 'provider' | 'model' | 'usage'>;
    let meta: Pick<Draft, 'provider' | 'model' | 'usage'>;
    if (useModel) {
      const drafted = await draftWithOpenAI(
        ctx.openai!,
        commits,
        version,
        { model: ai.model, maxInputTokens: ai.maxInputTokens },
        link,
      );
      if (drafted.removedRefs.length > 0)
        log.warn({ removedRefs: drafted.removedRefs }, 'stripped references the model invented');
      const { model, usage, removedRefs: _removed, ...rest } = drafted;
      core = rest;
      meta = { provider: 'openai', model, usage };
    } else {
      core = draftOffline(commits, version, link);
      meta = { provider: 'offline', model: null, usage: { inputTokens: 0, outputTokens: 0 } };
    }
    const category = input.category ?? core.category;
    const draft: Draft = {
      ...core,
      category,
      version,
      commits: { received: commits.received, used: commits.used, ignored: commits.ignored },
      ...meta,
    };
    const entry = await createEntry(
      ctx,
      project.id,
      {
        title: core.title,
        body: core.body,
        category,
        version,
        visibility: input.visibility,
        publish: input.publish,
      },
      'generate',
      beforeCommit && ((tx, row) => beforeCommit(tx, { entry: row, draft })),
    );
    return { entry, draft };
  } catch (err) {
    if (reserved) await releaseAiDraft(ctx.sql, project.id, reserved);
    throw err;
  }
}
