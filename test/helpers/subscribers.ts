/** Subscribers put straight into the database, for tests that start past the double opt-in. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Sql } from '../../server/db/connect.ts';

/** Insert `[id, email, status]` rows (status `confirmed` unless given) for `projectId`, requested now. */
export async function insertSubscribers(
  sql: Sql,
  projectId: string,
  subscribers: readonly (readonly [id: string, email: string, status?: string])[],
): Promise<void> {
  for (const [id, email, status = 'confirmed'] of subscribers) {
    await sql`
      insert into subscribers (id, project_id, email, status, requested_at)
      values (${id}, ${projectId}, ${email}, ${status}, now())`;
  }
}

/** RFC 8058's one-click unsubscribe as a mail client sends it: a POST to `url`, a form body, no cookie. */
export function postOneClickUnsubscribe(app: FastifyInstance, url: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}
