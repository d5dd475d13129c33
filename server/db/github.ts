/** SQL for the GitHub App: repository → project links, and the webhook deliveries already accepted. */
import type { GITHUB_DELIVERY_STATUSES } from '../../core/contract/github.schema.ts';
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type GithubLinkRow = { repository: string; projectId: string; projectSlug: string; createdAt: Date };

/**
 * Link `repository` (lower-case `owner/name`) to a project; an existing link is moved.
 * @returns the link as stored (its `createdAt`).
 */
export async function upsertLink(
  sql: Db,
  repository: string,
  projectId: string,
): Promise<{ repository: string; projectId: string; createdAt: Date }> {
  const [row] = await sql<{ repository: string; projectId: string; createdAt: Date }[]>`
    insert into github_links (repository, project_id) values (${repository}, ${projectId})
    on conflict (repository) do update set project_id = excluded.project_id, created_at = date_trunc('milliseconds', now())
    returning repository, project_id, created_at`;
  return row!;
}

/** @returns whether there was a link. */
export async function deleteLink(sql: Db, repository: string): Promise<boolean> {
  const rows = await sql`delete from github_links where repository = ${repository} returning repository`;
  return rows.length > 0;
}

export async function listLinks(sql: Db): Promise<GithubLinkRow[]> {
  return sql<GithubLinkRow[]>`
    select l.repository, l.project_id, p.slug as project_slug, l.created_at
    from github_links l join projects p on p.id = l.project_id
    order by l.repository`;
}

export async function findLinkedProjectId(sql: Db, repository: string): Promise<string | undefined> {
  const [row] = await sql<{ projectId: string }[]>`
    select project_id from github_links where repository = ${repository}`;
  return row?.projectId;
}

/**
 * Record a delivery id, with the repository it is about (lower-case, or null).
 * @returns false when it was already recorded (a redelivery).
 */
export async function recordDelivery(
  sql: Db,
  id: string,
  event: string,
  repository: string | null = null,
): Promise<boolean> {
  const rows = await sql`
    insert into github_deliveries (id, event, repository) values (${id}, ${event}, ${repository})
    on conflict (id) do nothing returning id`;
  return rows.length > 0;
}

export type GithubDeliveryStatus = (typeof GITHUB_DELIVERY_STATUSES)[number];

/** How a delivery's handling ended (the last attempt's outcome; a retry that succeeds overwrites a failure). */
export async function finishDelivery(
  sql: Db,
  id: string,
  status: Exclude<GithubDeliveryStatus, 'received'>,
  error: string | null = null,
): Promise<void> {
  await sql`
    update github_deliveries set status = ${status}, error = ${error}, finished_at = date_trunc('milliseconds', now())
    where id = ${id}`;
}

export type GithubDeliveryRow = {
  id: string;
  repository: string;
  event: string;
  status: GithubDeliveryStatus;
  error: string | null;
  receivedAt: Date;
  finishedAt: Date | null;
};

/** The last `perRepository` deliveries of each of `repositories` (kept 7 days), newest first. */
export async function lastDeliveries(
  sql: Db,
  repositories: readonly string[],
  perRepository: number,
): Promise<GithubDeliveryRow[]> {
  if (repositories.length === 0) return [];
  return sql<GithubDeliveryRow[]>`
    select d.id, d.repository, d.event, d.status, d.error, d.received_at, d.finished_at
    from unnest(${repositories as string[]}::text[]) as r(name)
      cross join lateral (
        select * from github_deliveries where repository = r.name
        order by received_at desc, id desc limit ${perRepository}
      ) d
    order by d.repository, d.received_at desc, d.id desc`;
}

/** The project `repository` is linked to, if any. */
export async function findLink(
  sql: Db,
  repository: string,
): Promise<{ repository: string; projectId: string; createdAt: Date } | undefined> {
  const [row] = await sql<{ repository: string; projectId: string; createdAt: Date }[]>`
    select repository, project_id, created_at from github_links where repository = ${repository}`;
  return row;
}

/** @returns whether `repository` was linked to `projectId` (and is no longer). */
export async function deleteProjectLink(sql: Db, repository: string, projectId: string): Promise<boolean> {
  const rows = await sql`
    delete from github_links where repository = ${repository} and project_id = ${projectId} returning 1`;
  return rows.length > 0;
}

/** The repositories linked to `projectId`. */
export async function listProjectLinks(
  sql: Db,
  projectId: string,
): Promise<{ repository: string; createdAt: Date }[]> {
  return sql<{ repository: string; createdAt: Date }[]>`
    select repository, created_at from github_links where project_id = ${projectId} order by repository`;
}

/** Forget deliveries older than `days` (GitHub redelivers for a few days at most). */
export async function purgeDeliveries(sql: Db, days = 7): Promise<void> {
  await sql`delete from github_deliveries where received_at < now() - make_interval(days => ${days})`;
}

/**
 * Whether a repository linked to `linkedProjectId` may draft into `otherProjectId` (a monorepo
 * component's own project): the two share an owner, or neither has members (both are the operator's,
 * made with the CLI).
 */
export async function mayDraftInto(
  sql: Db,
  linkedProjectId: string,
  otherProjectId: string,
): Promise<boolean> {
  const [row] = await sql<{ allowed: boolean }[]>`
    select exists (
      select 1 from memberships a join memberships b on a.user_id = b.user_id
      where a.project_id = ${linkedProjectId} and b.project_id = ${otherProjectId}
        and a.role = 'owner' and b.role = 'owner'
    ) or not exists (
      select 1 from memberships where project_id in (${linkedProjectId}, ${otherProjectId})
    ) as allowed`;
  return row!.allowed;
}
