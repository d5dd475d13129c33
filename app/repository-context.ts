/**
 * A Probot context for a repository outside any webhook delivery (a job the server runs after a
 * publish): the installation's client, found with `GET /repos/{owner}/{repo}/installation`, and
 * `.github/shiplog.yml` read exactly as a delivery's handler reads it (`context.config`).
 */
import { Context, type Probot } from 'probot';

/** @returns null when the App is not installed on the repository. */
export async function repositoryContext(
  app: Probot,
  repository: { owner: string; repo: string },
  purpose: string,
): Promise<Context | null> {
  const appClient = await app.auth();
  let installationId: number;
  try {
    const { data } = await appClient.request('GET /repos/{owner}/{repo}/installation', repository);
    installationId = data.id;
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
  const octokit = await app.auth(installationId);
  const payload = {
    repository: {
      owner: { login: repository.owner },
      name: repository.repo,
      full_name: `${repository.owner}/${repository.repo}`,
    },
    installation: { id: installationId },
  };
  return new Context({ id: purpose, name: 'repository', payload } as never, octokit, app.log);
}
