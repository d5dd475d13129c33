/** SQL for the GitHub App: repository → project links, and the webhook deliveries already accepted. */
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

/** Record a delivery id. @returns false when it was already recorded (a redelivery). */
export async function recordDelivery(sql: Db, id: string, event: string): Promise<boolean> {
  const rows = await sql`
    insert into github_deliveries (id, event) values (${id}, ${event})
    on conflict (id) do nothing returning id`;
  return rows.length > 0;
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
