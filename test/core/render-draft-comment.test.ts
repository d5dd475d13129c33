/** The sticky comment's Markdown: under GitHub's 65,536 characters, markers that read back, commands for the App. */
import { describe, expect, it } from 'vitest';
import { defuseMentions } from '../../core/defuse-mentions.ts';
import {
  DRAFT_COMMENT_MARKER,
  readDraftComment,
  renderDraftComment,
  renderSkippedComment,
} from '../../core/render-draft-comment.ts';

const entry = {
  id: 'ent_01abc',
  title: '2.0.0: Faster search',
  category: 'feature' as const,
  version: '2.0.0',
  visibility: 'external' as const,
  status: 'draft' as const,
  body: 'Search is faster.',
  editedAt: null,
};

describe('renderDraftComment', () => {
  it('shows the version once: in its own field, and not again in front of a title stored with it', () => {
    const comment = renderDraftComment({ entry, draft: null, link: null, commands: true });
    const shown = comment.replace(/\\(.)/g, '$1');
    expect(shown).toMatch(/^### 📝 Changelog draft: Faster search$/m);
    expect(shown.match(/2\.0\.0/g)).toHaveLength(1);
  });

  it('stays under 65,536 characters however long the draft, cutting at a line and saying so', () => {
    const body = Array.from({ length: 4000 }, (_, i) => `- change number ${i} with some words`).join('\n');
    expect(body.length).toBeGreaterThan(100_000);
    const comment = renderDraftComment({
      entry: { ...entry, body },
      draft: null,
      link: null,
      commands: true,
    });
    expect(comment.length).toBeLessThan(65_536);
    expect(comment).toContain('the preview shows all of it');
    expect(comment).toMatch(/- change number \d+ with some words\n\n\*… cut here/);
  });

  it('does not notify people a commit message mentions, and leaves e-mail addresses alone', () => {
    const comment = renderDraftComment({
      entry: { ...entry, title: 'Thanks @octocat', body: '- Fix (thanks @hubot, mail ops@example.com)' },
      draft: null,
      link: null,
    });
    expect(comment).not.toMatch(/@(octocat|hubot)/);
    expect(comment).toContain('@\u200boctocat');
    expect(comment).toContain('@\u200bhubot');
    expect(comment).toContain('ops@example.com');
  });

  it('carries markers that read back, the lock notice and the commands only for the App', () => {
    const app = renderDraftComment({
      entry: { ...entry, editedAt: '2026-11-22T00:00:00.000Z' },
      draft: null,
      link: 'https://changelog.test/p',
      commands: true,
      head: 'a'.repeat(40),
    });
    expect(app.startsWith(DRAFT_COMMENT_MARKER)).toBe(true);
    expect(readDraftComment(app)).toEqual({
      entryId: 'ent_01abc',
      skipped: false,
      head: 'a'.repeat(40),
      component: null,
    });
    expect(app).toContain('/shiplog regenerate');
    expect(app).toContain('[preview](https://changelog.test/p)');
    expect(app).toContain('🔒');
    const action = renderDraftComment({ entry, draft: null, link: null });
    expect(action).not.toContain('/shiplog');
    expect(readDraftComment(renderSkippedComment('Skipped by @a.'))).toEqual({
      entryId: null,
      skipped: true,
      head: null,
      component: null,
    });
    expect(defuseMentions('`@x` and @y')).toBe('`@x` and @\u200by');
  });
});
