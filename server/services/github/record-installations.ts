/**
 * The App's installation store inside `shiplog serve` (app/app-deps.ts `InstallationStore`): what the
 * `installation` and `installation_repositories` events say, kept in the database (each event's writes
 * in one transaction), and the one "not linked" notice per repository.
 */
import type { InstallationStore } from '../../../app/app-deps.ts';
import {
  addInstallationRepositories,
  claimUnlinkedNotice,
  deleteInstallation,
  releaseUnlinkedNotice,
  removeInstallationRepositories,
  upsertInstallation,
} from '../../db/github-installations.ts';
import type { ServiceContext } from '../context.ts';

export function installationStore(ctx: Pick<ServiceContext, 'sql'>): InstallationStore {
  return {
    async installed(installation, added, removed) {
      await ctx.sql.begin(async (tx) => {
        await upsertInstallation(tx, installation);
        await addInstallationRepositories(tx, installation.id, added);
        await removeInstallationRepositories(tx, installation.id, removed);
      });
    },
    uninstalled: (id) => deleteInstallation(ctx.sql, id),
    claimUnlinkedNotice: (repository, pullRequest) => claimUnlinkedNotice(ctx.sql, repository, pullRequest),
    releaseUnlinkedNotice: (repository) => releaseUnlinkedNotice(ctx.sql, repository),
  };
}
