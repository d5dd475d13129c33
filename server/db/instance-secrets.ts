/** Secrets of this deployment, created once (random, 32 bytes) and shared by every instance. */
import { randomBytes } from 'node:crypto';
import type { Sql } from './connect.ts';

export async function getOrCreateSecret(sql: Sql, name: string): Promise<Buffer> {
  await sql`insert into instance_secrets (name, secret) values (${name}, ${randomBytes(32)}) on conflict (name) do nothing`;
  const [row] = await sql<{ secret: Buffer }[]>`select secret from instance_secrets where name = ${name}`;
  return row!.secret;
}
