/**
 * Markdown for the sticky pull-request comment and the job summary: the drafted title, summary,
 * sections, the entry link and the commit counts. The hidden marker lets a later run find and update
 * its own comment instead of adding another.
 */
import type { Draft } from './contract/generate.schema.ts';

export const DRAFT_COMMENT_MARKER = '<!-- shiplog:draft -->';

const HEADINGS: Record<string, string> = {
  announcement: 'Announcements',
  feature: 'New features',
  improvement: 'Improvements',
  fix: 'Fixes',
};

export function renderDraftComment(input: {
  draft: Draft;
  entry: { id: string; status: string };
  entryUrl: string | null;
  truncated?: { total: number; kept: number } | null;
}): string {
  const { draft, entry } = input;
  const lines = [DRAFT_COMMENT_MARKER, `### 📝 Changelog draft: ${draft.title}`, '', draft.summary, ''];
  for (const section of draft.sections) {
    lines.push(
      `**${HEADINGS[section.category] ?? section.category}**`,
      '',
      ...section.items.map((i) => `- ${i}`),
      '',
    );
  }
  const status = entry.status === 'published' ? 'published' : 'saved as a draft';
  const link = input.entryUrl ? `[${entry.id}](${input.entryUrl})` : `\`${entry.id}\``;
  lines.push(
    `<sub>Entry ${link} ${status} · ${draft.commits.used} of ${draft.commits.received} commits used (${draft.commits.ignored} ignored) · drafted ${draft.provider === 'openai' ? `by ${draft.model ?? 'AI'}` : 'offline'}</sub>`,
  );
  if (input.truncated) {
    lines.push(
      '',
      `> [!WARNING]\n> The range has ${input.truncated.total} commits; only the newest ${input.truncated.kept} were sent.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
