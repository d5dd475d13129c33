/**
 * The App's sticky comment carries commit and pull-request text that anyone may write (issue "Hardening,
 * round 2", item 4): a title renders as text (no image, link or HTML), no mention notifies anyone
 * outside real code spans whatever backticks surround it, and a subject quoting the comment's own
 * markers does not change what the App reads back on the next push. Driven through `probot.receive`
 * with GitHub mocked and Shiplog in-process; the comment is rendered with a CommonMark + GFM renderer
 * and every text GitHub would scan for mentions is checked with GitHub's own mention pattern.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import {
  appComment,
  captureComment,
  mockDraftingCalls,
  pullRequestEvent,
  useAppServer,
} from '../helpers/github-app.ts';

const HOSTILE =
  'feat: <img src=x onerror=alert(1)> [click](https://evil.example) `@octocat and `@github/security `<!-- shiplog:skipped -->`';
/** GitHub's mention pattern (html-pipeline's MentionFilter): `@login` or `@org/team` after a non-word. */
const MENTION = /(?:^|[^\w])@[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9_-]*)?/i;

const { scopes, receive: deliver } = useAppServer();
const receive = (action: string, change: (pr: Record<string, any>) => void) =>
  deliver('pull_request', pullRequestEvent(action, change));

/** What GitHub would show: the comment rendered (GFM), then its text outside code and links. */
function rendered(markdown: string) {
  const html = micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
  const doc = parseDocument(html);
  const elements = DomUtils.findAll(() => true, doc.children);
  const inCodeOrLink = (node: { parent: any }) => {
    for (let p = node.parent; p; p = p.parent) if (['code', 'pre', 'a'].includes(p.name)) return true;
    return false;
  };
  const texts = DomUtils.filter((n) => n.type === 'text' && !inCodeOrLink(n as never), doc.children).map(
    (n) => (n as unknown as { data: string }).data,
  );
  return { elements, texts };
}

describe('the sticky comment, with hostile commit and pull-request text', () => {
  it('renders the title as text, notifies no one, and reads back its own state on the next push', async () => {
    const commitList = [
      { sha: 'a'.repeat(40), commit: { message: HOSTILE } },
      // Backticks that pair up for a naive eye but make no code span in CommonMark.
      { sha: 'c'.repeat(40), commit: { message: 'fix: leak in ```@github/security` reports' } },
    ];
    scopes.push(...mockDraftingCalls({ number: 21, commitList }));
    const posted = captureComment('post', 21);
    scopes.push(posted.scope);
    await receive('opened', (pr) => {
      pr.number = 21;
      pr.title = HOSTILE;
      pr.body = 'Thanks `@hubot and `@github/security for the review.';
    });
    const body = posted.captured.body!;
    expect(body).toContain('📝 Changelog draft');
    // The marker reaches the comment as written (in a code span), below the head.
    expect(body.indexOf('`<!-- shiplog:skipped -->`')).toBeGreaterThan(body.indexOf('###'));

    const { elements, texts } = rendered(body);
    expect(elements.filter((e) => e.name === 'img')).toEqual([]);
    const links = elements.filter((e) => e.name === 'a').map((e) => e.attribs.href);
    expect(links.every((href) => href!.startsWith('https://changelog.test/'))).toBe(true);
    expect(links).toHaveLength(1);
    for (const text of texts) expect(text).not.toMatch(MENTION);
    // The title's text is all there, as characters.
    expect(texts.join('')).toContain('<img src=x onerror=alert(1)> [click](https://evil.example)');

    // The next push: the comment is read for its entry, not taken for a skipped one.
    const id = /<!-- shiplog:entry (ent_\w+) -->/.exec(body)![1];
    scopes.push(...mockDraftingCalls({ number: 21, commitList, existing: [appComment(601, body)] }));
    const patched = captureComment('patch', 21, 601);
    scopes.push(patched.scope);
    await receive('synchronize', (pr) => {
      pr.number = 21;
      pr.title = HOSTILE;
      pr.head.sha = 'c'.repeat(40);
    });
    expect(patched.captured.body).toContain(`<!-- shiplog:entry ${id} -->`);
    expect(patched.captured.body).toContain('📝 Changelog draft');
  });
});
