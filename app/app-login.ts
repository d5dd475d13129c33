/**
 * The app's own login on GitHub (`<app-slug>[bot]`), the author of its comments: asked of `GET /app`
 * (authenticated as the app) once per process. A failed lookup is not cached.
 */
import type { Probot } from 'probot';

export function appLoginOf(app: Probot): () => Promise<string> {
  let login: Promise<string> | null = null;
  return () => {
    login ??= (async () => {
      const octokit = await app.auth();
      const { data } = await octokit.request('GET /app');
      return `${(data as { slug: string }).slug}[bot]`;
    })().catch((err: unknown) => {
      login = null;
      throw err;
    });
    return login;
  };
}
