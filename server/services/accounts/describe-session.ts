/** What `GET /api/dashboard/session` answers: the user, the session's CSRF token, their projects. */
import type { z } from 'zod';
import type { SessionViewSchema } from '../../../core/contract/accounts.schema.ts';
import { listUserProjects } from '../../db/memberships.ts';
import type { ServiceContext } from '../context.ts';

export type SessionView = z.output<typeof SessionViewSchema>;

export async function describeSession(
  ctx: Pick<ServiceContext, 'sql'>,
  user: { id: string; email: string },
  csrfToken: string,
): Promise<SessionView> {
  const projects = await listUserProjects(ctx.sql, user.id);
  return {
    user: { id: user.id, email: user.email },
    csrfToken,
    projects: projects.map((p) => ({ id: p.id, name: p.name, slug: p.slug, plan: p.plan, role: p.role })),
  };
}
