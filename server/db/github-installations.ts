/**
 * SQL for what GitHub says about the App's installations (`installation` and
 * `installation_repositories` webhook events): each installation's account, and the repositories it
 * reaches, with the project each is linked to (or none), for the dashboard; and the one "not linked"
 * notice per repository. Repository names are stored lower-case (GitHub's are case-insensitive).
 */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type GithubInstallationRow = {
  id: number;
  /** The user or organisation login the App is installed on. */
  account: string;
  /** `User` or `Organization`. */
  accountType: string;
  suspendedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type InstalledRepositoryRow = {
  /** `owner/name`, lower-case. */
  repository: string;
  installationId: number;
  account: string;
  private: boolean;
  addedAt: Date;
  /** The project the repository is linked to (`shiplog github link`), or null. */
  projectId: string | null;
  projectSlug: string | null;
};

/** Record (or refresh) an installation. */
export async function upsertInstallation(
  sql: Db,
  installation: { id: number; account: string; accountType: string; suspended: boolean },
): Promise<void> {
  const suspendedAt = installation.suspended ? sql`date_trunc('milliseconds', now())` : sql`null`;
  await sql`
    insert into github_installations (id, account, account_type, suspended_at)
    values (${installation.id}, ${installation.account}, ${installation.accountType}, ${suspendedAt})
    on conflict (id) do update set account = excluded.account, account_type = excluded.account_type,
      suspended_at = case when ${installation.suspended} then coalesce(github_installations.suspended_at, excluded.suspended_at) end,
      updated_at = date_trunc('milliseconds', now())`;
}

/** The App was uninstalled: the installation and its repositories are forgotten. */
export async function deleteInstallation(sql: Db, id: number): Promise<void> {
  await sql`delete from github_installations where id = ${id}`;
}

/** Repositories an installation reaches (added), each lower-cased; a repository moved between installations follows. */
export async function addInstallationRepositories(
  sql: Db,
  installationId: number,
  repositories: readonly { repository: string; private: boolean }[],
): Promise<void> {
  for (const r of repositories) {
    await sql`
      insert into github_installation_repositories (repository, installation_id, private)
      values (${r.repository.toLowerCase()}, ${installationId}, ${r.private})
      on conflict (repository) do update set installation_id = excluded.installation_id, private = excluded.private`;
  }
}

export async function removeInstallationRepositories(
  sql: Db,
  installationId: number,
  repositories: readonly string[],
): Promise<void> {
  const names = repositories.map((r) => r.toLowerCase());
  if (names.length === 0) return;
  await sql`
    delete from github_installation_repositories
    where installation_id = ${installationId} and repository in ${sql(names)}`;
}

export async function listInstallations(sql: Db): Promise<GithubInstallationRow[]> {
  return sql<GithubInstallationRow[]>`
    select id::float8 as id, account, account_type, suspended_at, created_at, updated_at
    from github_installations order by account, id`;
}

/**
 * Every repository the App is installed on, by name, with its link (null when linked to no project).
 * @param options.unlinkedOnly only those linked to no project.
 */
export async function listInstalledRepositories(
  sql: Db,
  options: { unlinkedOnly?: boolean } = {},
): Promise<InstalledRepositoryRow[]> {
  return sql<InstalledRepositoryRow[]>`
    select r.repository, r.installation_id::float8 as installation_id, i.account, r.private, r.added_at,
      l.project_id, p.slug as project_slug
    from github_installation_repositories r
      join github_installations i on i.id = r.installation_id
      left join github_links l on l.repository = r.repository
      left join projects p on p.id = l.project_id
    ${options.unlinkedOnly ? sql`where l.project_id is null` : sql``}
    order by r.repository`;
}

/**
 * Note that `repository` was told it is not linked, on `pullRequest`.
 * @returns true the first time (the notice is due), false when it was told before.
 */
export async function claimUnlinkedNotice(
  sql: Db,
  repository: string,
  pullRequest: number,
): Promise<boolean> {
  const rows = await sql`
    insert into github_unlinked_notices (repository, pull_request)
    values (${repository.toLowerCase()}, ${pullRequest})
    on conflict (repository) do nothing returning repository`;
  return rows.length > 0;
}

/** Give back a claim whose comment could not be posted, so a retry posts it. */
export async function releaseUnlinkedNotice(sql: Db, repository: string): Promise<void> {
  await sql`delete from github_unlinked_notices where repository = ${repository.toLowerCase()}`;
}
