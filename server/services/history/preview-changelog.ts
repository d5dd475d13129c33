/**
 * The History page's preview of a CHANGELOG.md (docs/api.md#history-and-drafting-pages): what the
 * import's parser (core/parse-changelog.ts) finds, nothing stored. A pasted file is the user's to
 * choose, up to 8 MiB, so it is read where bodies are rendered: in the renderer's worker, with a
 * body's time budget and nesting limit, never on the request thread (marked's lexer is quadratic on
 * crafted emphasis and recurses on nesting).
 */
import type { ParsedChangelog } from '../../../core/parse-changelog.ts';
import { InvalidError, ShiplogError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';

/**
 * @param projectId whose file it is: the renderer's queues are fair across projects.
 * @throws InvalidError at `/markdown` when the file is too complex to read within the renderer's limits.
 */
export async function previewChangelog(
  ctx: Pick<ServiceContext, 'markdown'>,
  projectId: string,
  markdown: string,
): Promise<ParsedChangelog> {
  try {
    return await ctx.markdown.parseChangelog(markdown, projectId);
  } catch (err) {
    if (!(err instanceof ShiplogError) || err.code !== 'invalid') throw err;
    throw new InvalidError('markdown: too complex to read', [
      { pointer: '/markdown', detail: 'too complex to read' },
    ]);
  }
}
