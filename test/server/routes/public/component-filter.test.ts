/**
 * Monorepo components in what readers see (docs/github-app.md#github-app, issue 22): entries tagged with a
 * component are filtered by `component=` in the key-authenticated list, the widget JSON, the feeds and
 * the public page; without it everything is shown; a bad component name is a 400 problem.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { postEntry } from '../../../helpers/create-entry.ts';

const { server, headers, owner } = useTestServer({}, { plan: 'pro' });

describe('component filters', () => {
  it('show one component’s entries in the list, the widget, the feeds and the page', async () => {
    await postEntry(server.app, headers, {
      title: 'Dark mode in the web app',
      component: 'web',
      publish: true,
    });
    await postEntry(server.app, headers, { title: 'Faster API pagination', component: 'api', publish: true });
    await postEntry(server.app, headers, { title: 'A new logo', publish: true });
    const slug = owner.project.slug;
    const get = (url: string) => server.app.inject({ method: 'GET', url, headers });

    const listed = (await get('/api/v1/entries?component=web')).json().entries;
    expect(listed.map((e: { title: string; component: string }) => [e.title, e.component])).toEqual([
      ['Dark mode in the web app', 'web'],
    ]);
    expect((await get('/api/v1/entries')).json().entries).toHaveLength(3);

    const widget = (await get(`/api/widget/${slug}?component=api`)).json();
    expect(widget.entries.map((e: { title: string }) => e.title)).toEqual(['Faster API pagination']);
    expect((await get(`/api/widget/${slug}`)).json().entries).toHaveLength(3);
    expect((await get(`/api/widget/${slug}?component=cli`)).json().entries).toEqual([]);

    const feed = (await get(`/api/feeds/${slug}/json?component=web`)).json();
    expect(feed.items.map((i: { title: string }) => i.title)).toEqual(['Dark mode in the web app']);
    const page = (await get(`/changelog/${slug}?component=api`)).body;
    expect(page).toContain('Faster API pagination');
    expect(page).not.toContain('Dark mode in the web app');

    const bad = await get(`/api/widget/${slug}?component=${encodeURIComponent('<script>')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid');
  });
});
