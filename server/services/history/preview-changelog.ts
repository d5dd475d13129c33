/**
 * The History page's preview of a changelog (docs/api.md#history-and-drafting-pages): what the
 * import's parser (core/parse-changelog.ts) finds, nothing stored. A reStructuredText changelog
 * (`CHANGES.rst`, or pasted text written so) is converted to Markdown first, as `shiplog import` and
 * the Action read one (core/changelog-file/read-changelog-markup.ts). A pasted file is the user's to
 * choose, up to 8 MiB, so it is read where bodies are rendered: in the renderer's worker, with a
 * body's time budget and nesting limit, never on the request thread (marked's lexer is quadratic on
 * crafted emphasis and recurses on nesting).
 */
import { InvalidError, ShiplogError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import type { ReadChangelog } from '../rendering/render-markdown-worker.ts';

/**
 * @param projectId whose file it is: the renderer's queues are fair across projects.
 * @param filename the uploaded file's name, which says its markup; null: the text says.
 * @throws InvalidError at `/markdown` when the file is too complex to read within the renderer's limits.
 */
export async function previewChangelog(
  ctx: Pick<ServiceContext, 'markdown'>,
  projectId: string,
  markdown: string,
  filename: string | null = null,
): Promise<ReadChangelog> {
  try {
    return await ctx.markdown.parseChangelog(markdown, projectId, filename);
  } catch (err) {
    if (!(err instanceof ShiplogError) || err.code !== 'invalid') throw err;
    throw new InvalidError('markdown: too complex to read', [
      { pointer: '/markdown', detail: 'too complex to read' },
    ]);
  }
}
