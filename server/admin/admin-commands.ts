/**
 * The CLI's project, key, GitHub link, email delivery and setup-link commands as plain functions of (sql, args) → printed output, so the same
 * code runs in the CLI process or, when a running `shiplog serve` owns the embedded database, inside
 * that server through the admin socket (docs/configuration.md#configuration). `--json` shapes are the contract's.
 */
import type { ApiKeyRow } from '../db/api-keys.ts';
import type { Sql } from '../db/connect.ts';
import type { GithubLinkRow } from '../db/github.ts';
import type { ProjectRow } from '../db/projects.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import {
  type FailedEmailBatch,
  listFailedEmailBatches,
  retryFailedEmailBatches,
} from '../services/engagement/redrive-email-batches.ts';
import { linkRepository, listLinks, unlinkRepository } from '../services/github/manage-links.ts';
import type { ServiceContext } from '../services/context.ts';
import { importIntoProject } from '../services/history/import-into-project.ts';
import { issueSetupLink } from '../services/accounts/set-up-first-account.ts';
import { addProjectMember } from '../services/accounts/add-project-member.ts';
import {
  createApiKey,
  createProject,
  listProjectKeys,
  revokeKey,
  updateProjectSettings,
} from '../services/accounts/manage-projects.ts';

export type CommandArgs = Record<string, unknown> & { json?: boolean };
/**
 * Where a command runs: the database, (inside a server) how to tell its caches of a change, and the job
 * queue for the commands in `NEEDS_JOB_QUEUE`.
 */
export type AdminContext = {
  sql: Sql;
  /** `{base_url}`, for the links a command prints (the server's own when it runs the command). */
  publicUrl?: string;
  projectChanged?: (projectId: string) => void;
  jobs?: Pick<JobQueue, 'send'>;
  /** The services' context, for the commands in `NEEDS_SERVICES` (the server's, or one the CLI opens). */
  services?: ServiceContext;
};

/** Commands that enqueue jobs: run with a job queue (the server's, or one the CLI starts). */
export const NEEDS_JOB_QUEUE = new Set(['deliveries.retry']);
/** Commands that render, cache and learn like the API does: run with the services' whole context. */
export const NEEDS_SERVICES = new Set(['entries.import']);
export type AdminCommand = (ctx: AdminContext, args: CommandArgs) => Promise<string>;

const projectJson = (p: ProjectRow) => ({ id: p.id, name: p.name, slug: p.slug, plan: p.plan });
const keyJson = (k: ApiKeyRow) => ({
  id: k.id,
  last4: k.last4,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});
const linkJson = (l: GithubLinkRow) => ({
  repository: l.repository,
  project: l.projectSlug,
  createdAt: l.createdAt.toISOString(),
});
const json = (value: unknown) => `${JSON.stringify(value)}\n`;
const batchLine = (b: FailedEmailBatch) =>
  `${b.id}  ${b.project}  "${b.entryTitle}" (${b.entryId})  ${b.unsent} of ${b.recipients} unsent  ${b.attempts} attempts  failed ${b.failedAt}${b.lastError ? `\n    last error: ${b.lastError}` : ''}`;

export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  async 'projects.create'({ sql }, args) {
    const { project, apiKey, owner } = await createProject(
      sql,
      { name: args.name, slug: args.slug, plan: args.plan },
      { email: args.owner === undefined ? undefined : String(args.owner) },
    );
    if (args.json) return json({ project: projectJson(project), apiKey, owner });
    const members = owner
      ? `Owner: ${owner} (it is in their dashboard).`
      : `No member yet, so no one sees it in the dashboard: add one with
  npx shiplog members add ${project.slug} <email> --role owner`;
    return `Created project "${project.name}" (${project.slug}, plan ${project.plan}, id ${project.id}).
${members}
API key, shown only this once; store it as a secret:
  ${apiKey}
`;
  },

  async 'members.add'({ sql }, args) {
    const { project, member, outcome } = await addProjectMember(sql, {
      slug: String(args.slug),
      email: String(args.email),
      role: String(args.role),
    });
    if (args.json)
      return json({ project: project.slug, member: { email: member.email, role: member.role }, outcome });
    const { email, role } = member;
    if (outcome === 'added') return `Added ${email} to ${project.slug} as ${role}.\n`;
    return `${email} ${outcome === 'changed' ? 'is now' : 'is already'} ${role} of ${project.slug}.\n`;
  },

  async 'projects.update'({ sql, projectChanged }, args) {
    const { slug, json: asJson, ...changes } = args;
    const project = await updateProjectSettings(sql, String(slug), changes);
    projectChanged?.(project.id);
    if (asJson) {
      return json({
        project: {
          ...projectJson(project),
          settings: { accent: project.accent, position: project.position, theme: project.theme },
          reactions: project.reactions,
        },
      });
    }
    return `Updated project ${project.slug}: plan ${project.plan}, accent ${project.accent}, position ${project.position}, theme ${project.theme}, reactions ${project.reactions.join(' ')}.\n`;
  },

  async 'keys.create'({ sql }, args) {
    const { apiKey, row } = await createApiKey(sql, String(args.slug));
    if (args.json) return json({ apiKey, key: keyJson(row) });
    return `Created API key ${row.id}, shown only this once:\n  ${apiKey}\n`;
  },

  async 'keys.list'({ sql }, args) {
    const keys = await listProjectKeys(sql, String(args.slug));
    if (args.json) return json({ keys: keys.map(keyJson) });
    if (keys.length === 0) return 'No API keys.\n';
    return `${keys
      .map((k) => {
        const state = k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active';
        const used = k.lastUsedAt ? `last used ${k.lastUsedAt.toISOString()}` : 'never used';
        return `${k.id}  shl_…${k.last4}  ${state}  ${used}`;
      })
      .join('\n')}\n`;
  },

  async 'github.link'({ sql }, args) {
    const link = await linkRepository(sql, args.repository, String(args.slug));
    if (args.json) return json({ link: linkJson(link) });
    return `Linked ${link.repository} to project ${link.projectSlug}: the GitHub App drafts its pull requests and releases there.\n`;
  },

  async 'github.unlink'({ sql }, args) {
    const repository = await unlinkRepository(sql, args.repository);
    if (args.json) return json({ unlinked: repository });
    return `Unlinked ${repository}: the GitHub App no longer acts on it.\n`;
  },

  async 'github.links'({ sql }, args) {
    const links = await listLinks(sql);
    if (args.json) return json({ links: links.map(linkJson) });
    if (links.length === 0)
      return 'No linked repositories. Link one with: npx shiplog github link <owner/repo> <project-slug>\n';
    return `${links.map((l) => `${l.repository}  →  ${l.projectSlug}`).join('\n')}\n`;
  },

  async 'deliveries.failed'({ sql }, args) {
    const batches = await listFailedEmailBatches(sql);
    if (args.json) return json({ batches });
    if (batches.length === 0) return 'No failed email batches.\n';
    return `${batches.length} failed email batch(es), whose retries ran out:
${batches.map(batchLine).join('\n')}
Send them again with: npx shiplog deliveries retry <batch-id> (or --all)
`;
  },

  async 'deliveries.retry'({ sql, jobs }, args) {
    if (!jobs) throw new Error('deliveries.retry needs a job queue');
    const which = args.all ? 'all' : [String(args.batchId)];
    const batches = await retryFailedEmailBatches({ sql, jobs }, which);
    if (args.json) return json({ retried: batches });
    if (batches.length === 0) return 'No failed email batches to retry.\n';
    const owed = batches.reduce((n, b) => n + b.unsent, 0);
    return `Re-queued ${batches.length} email batch(es): ${owed} subscriber(s) still owed their entry get it now, with a full day of retries.\n`;
  },

  async 'setup.link'({ sql, publicUrl }, args) {
    if (!publicUrl) throw new Error('setup.link needs the public URL');
    const url = await issueSetupLink(sql, publicUrl);
    if (args.json) return json({ url });
    return `Open this link to create the first account and project (it works once, for 24 hours):\n  ${url}\n`;
  },

  async 'entries.import'({ services }, args) {
    if (!services) throw new Error('entries.import needs the services');
    const slug = String(args.slug);
    const result = await importIntoProject(
      services,
      slug,
      args.releases as unknown[],
      args.repository === undefined ? undefined : String(args.repository),
    );
    // What the changelog itself left out (parsed by the CLI) comes first, then what the server skipped.
    const skipped = [
      ...((args.skipped as { version: string | null; reason: string }[]) ?? []),
      ...result.skipped,
    ];
    // What git cut (the CLI read it), then what the server found (a changelog date far from its tag's).
    const warnings = [
      ...((args.warnings as { version: string; message: string }[]) ?? []),
      ...result.warnings,
    ];
    if (args.json) return json({ ...result, skipped, warnings });
    const versions = result.entries.map((e) => e.version).join(', ');
    return `Imported ${result.entries.length} release(s) into ${slug} (${result.imported} new, ${result.replaced} replaced)${versions ? `: ${versions}` : ''}. Nothing was sent to subscribers or channels.
${skipped.map((s) => `  skipped ${s.version ?? (s as { heading?: string }).heading ?? '?'}: ${s.reason}\n`).join('')}${warnings.map((w) => `  warning: ${w.version}: ${w.message}\n`).join('')}The drafting profile has learned from ${result.profile.releasesLearned} release(s).
`;
  },

  async 'keys.revoke'({ sql }, args) {
    const row = await revokeKey(sql, String(args.keyId));
    if (args.json) return json({ key: keyJson(row) });
    return `Revoked API key ${row.id} (shl_…${row.last4}).\n`;
  },
};
