/**
 * `installation` and `installation_repositories` events (docs/github-app.md#github-app): which accounts the
 * App is installed on and which repositories it reaches, recorded so the dashboard can list them (and
 * say which are linked to no project). Nothing is written to GitHub.
 */
import type { Context } from 'probot';
import type { HandlerDeps, InstallationInfo } from '../app-deps.ts';

type Installation = Context<'installation'>['payload']['installation'];
type Repository = { full_name: string; private: boolean };

function infoOf(installation: Installation, suspended: boolean): InstallationInfo {
  const account = installation.account as { login?: string; slug?: string; type?: string } | null;
  return {
    id: installation.id,
    account: account?.login ?? account?.slug ?? String(installation.id),
    accountType: account?.type ?? 'Enterprise',
    suspended,
  };
}

const named = (repositories: readonly Repository[] | undefined) =>
  (repositories ?? []).map((r) => ({ repository: r.full_name, private: r.private }));

export async function onInstallation(context: Context<'installation'>, deps: HandlerDeps): Promise<void> {
  const store = deps.installations;
  if (!store) return;
  const { payload } = context;
  if (payload.action === 'deleted') {
    await store.uninstalled(payload.installation.id);
    return;
  }
  const suspended = payload.action === 'suspend' || Boolean(payload.installation.suspended_at);
  const added = 'repositories' in payload ? named(payload.repositories as Repository[] | undefined) : [];
  await store.installed(infoOf(payload.installation, suspended), added, []);
}

export async function onInstallationRepositories(
  context: Context<'installation_repositories'>,
  deps: HandlerDeps,
): Promise<void> {
  const store = deps.installations;
  if (!store) return;
  const { payload } = context;
  await store.installed(
    infoOf(payload.installation, Boolean(payload.installation.suspended_at)),
    named(payload.repositories_added as Repository[]),
    (payload.repositories_removed as Repository[]).map((r) => r.full_name),
  );
}
