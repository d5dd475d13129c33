/** SQL for dashboard users (docs/api.md#accounts-and-sessions). Emails are stored lower-cased. */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type UserRow = {
  id: string;
  email: string;
  /** argon2id PHC string; never leaves the services. */
  passwordHash: string;
  createdAt: Date;
  passwordChangedAt: Date;
};

export async function insertUser(
  sql: Db,
  user: { id: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const [row] = await sql<UserRow[]>`
    insert into users (id, email, password_hash)
    values (${user.id}, ${user.email}, ${user.passwordHash})
    returning *`;
  return row!;
}

export async function findUserByEmail(sql: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select * from users where email = ${email}`;
  return row;
}

export async function findUserById(sql: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select * from users where id = ${id}`;
  return row;
}

export async function countUsers(sql: Db): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from users`;
  return row!.n;
}

/** @param changed false when only the hashing parameters moved on (a rehash), not the password itself. */
export async function setPasswordHash(
  sql: Db,
  userId: string,
  passwordHash: string,
  changed = true,
): Promise<void> {
  await sql`
    update users set password_hash = ${passwordHash},
      password_changed_at = ${changed ? sql`date_trunc('milliseconds', now())` : sql`password_changed_at`}
    where id = ${userId}`;
}

/** Until the transaction ends, other first-account setups wait here (two links used at once). */
export async function lockFirstAccountSetup(sql: TransactionSql): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('shiplog:first account'))`;
}

/** The one account, when exactly one exists (a fresh install's owner); undefined otherwise. */
export async function findOnlyUser(sql: Db): Promise<UserRow | undefined> {
  const rows = await sql<UserRow[]>`select * from users order by created_at limit 2`;
  return rows.length === 1 ? rows[0] : undefined;
}
