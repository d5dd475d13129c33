/**
 * The `shiplog` command line (docs/configuration.md#cli): serve, migrate, projects, keys, github, deliveries,
 * setup-link, import.
 * Exit codes: 0 success, 1 failure with a one-line message on stderr, 2 bad usage (unknown command or
 * option, a value outside its choices, nothing to do).
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import pkg from '../../package.json' with { type: 'json' };
import { type Config, loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { migrate } from '../db/migrate.ts';
import { PLANS, POSITIONS, THEMES } from '../db/projects.ts';
import { ROLES } from '../db/memberships.ts';
import type { ADMIN_COMMANDS } from '../admin/admin-commands.ts';
import { type CommandArgs } from '../admin/admin-commands.ts';
import { cutNotes, describePlan, prepareImport } from './prepare-import.ts';
import { runAdminCommand } from './run-admin-command.ts';

export type Io = { stdout: (text: string) => void; stderr: (text: string) => void };

const defaultIo: Io = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

const ENVIRONMENT_HELP = `
Environment (flags win over variables):
  PORT, HOST            where to listen (default 3000 on 127.0.0.1)
  PUBLIC_URL            the base URL used in links (default http://HOST:PORT)
  DATABASE_URL          PostgreSQL URL; unset: embedded database in SHIPLOG_DATA_DIR (default ./.shiplog)
  LOG_LEVEL             fatal, error, warn, info, debug, trace or silent (default info)
  TRUST_PROXY           addresses or CIDRs of the proxies in front (unset: X-Forwarded-For ignored)
  REDIS_URL             shared rate-limit store for several processes (unset: in memory)
  SMTP_URL, MAIL_FROM   where emails go (unset: written to the log)
  OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, SHIPLOG_AI   how drafts are written
  APP_ID, PRIVATE_KEY (or PRIVATE_KEY_PATH), WEBHOOK_SECRET, GITHUB_API_URL   the GitHub App
docs/configuration.md lists every variable.
`;

const UPDATE_FLAGS = ['name', 'plan', 'accent', 'position', 'theme', 'reactions'] as const;

function port(value: string): string {
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new InvalidArgumentError('a port is a whole number from 0 to 65535.');
  }
  return value;
}
function accent(value: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(value)) throw new InvalidArgumentError('an accent colour is #RRGGBB.');
  return value;
}

type ImportArgs = {
  changelog: string;
  gitDir?: string;
  repository?: string;
  dryRun?: boolean;
  json?: boolean;
};

type Actions = {
  run: (name: keyof typeof ADMIN_COMMANDS, args: CommandArgs) => Promise<void>;
  import: (slug: string, opts: ImportArgs) => Promise<void>;
  migrate: () => Promise<void>;
  serve: (overrides: { PORT?: string; HOST?: string }) => Promise<void>;
};

function buildProgram(io: Io, actions: Actions): Command {
  const program = new Command('shiplog')
    .description('Shiplog: changelogs your users read')
    .version(pkg.version, '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError();

  program
    .command('serve')
    .description('run the HTTP server (migrations run at start)')
    .option('--port <port>', 'port to listen on (PORT)', port)
    .option('--host <host>', 'interface to listen on (HOST)')
    .addHelpText('after', ENVIRONMENT_HELP)
    .action((opts: { port?: string; host?: string }) =>
      actions.serve({
        ...(opts.port !== undefined ? { PORT: opts.port } : {}),
        ...(opts.host !== undefined ? { HOST: opts.host } : {}),
      }),
    );
  program.command('migrate').description('apply database migrations and exit').action(actions.migrate);

  const plan = () => new Option('--plan <plan>', 'plan (free has no API access)').choices(PLANS);
  const json = ['--json', 'print JSON'] as const;
  const projects = program.command('projects').description('create and update projects');
  projects
    .command('create')
    .description('create a project and its first API key')
    .requiredOption('--name <name>', 'display name')
    .requiredOption('--slug <slug>', 'URL slug: a-z, 0-9, "-"')
    .addOption(plan())
    .option('--owner <email>', "the owner's account (default: the only account, when there is exactly one)")
    .option(...json)
    .action(async (opts: CommandArgs) => {
      await actions.run('projects.create', { ...opts, plan: opts.plan ?? 'free' });
      if (opts.plan === undefined) {
        const note = `Note: the free plan has no API access. Upgrade it with: npx shiplog projects update ${String(opts.slug)} --plan pro\n`;
        (opts.json ? io.stderr : io.stdout)(note);
      }
    });
  projects
    .command('update <slug>')
    .description("change a project's plan, widget settings or reaction emoji")
    .option('--name <name>', 'display name')
    .addOption(plan())
    .option('--accent <colour>', 'widget accent colour, #RRGGBB', accent)
    .addOption(new Option('--position <corner>', 'widget corner').choices(POSITIONS))
    .addOption(new Option('--theme <theme>', 'widget theme').choices(THEMES))
    .option('--reactions <emoji>', 'comma-separated emoji readers can react with, e.g. "👍,🎉,❤️"')
    .option(...json)
    .action((slug: string, opts: CommandArgs, command: Command) => {
      if (!UPDATE_FLAGS.some((flag) => opts[flag] !== undefined)) {
        command.error(
          `error: nothing to update: give at least one of ${UPDATE_FLAGS.map((f) => `--${f}`).join(', ')}`,
          { exitCode: 2 },
        );
      }
      return actions.run('projects.update', { slug, ...opts });
    });

  program
    .command('members')
    .description("who sees a project in the dashboard: add an account to a project's members")
    .command('add <project-slug> <email>')
    .description('make an existing account a member of the project (or change its role)')
    .addOption(new Option('--role <role>', 'its role').choices(ROLES).makeOptionMandatory())
    .option(...json)
    .action((slug: string, email: string, opts: CommandArgs) =>
      actions.run('members.add', { slug, email, ...opts }),
    );

  const keys = program.command('keys').description('create, list and revoke API keys');
  keys
    .command('create <project-slug>')
    .description('create an API key for a project (shown once)')
    .option(...json)
    .action((slug: string, opts: CommandArgs) => actions.run('keys.create', { slug, ...opts }));
  keys
    .command('list <project-slug>')
    .description("list a project's keys: id, last 4 characters, created, last used, revoked")
    .option(...json)
    .action((slug: string, opts: CommandArgs) => actions.run('keys.list', { slug, ...opts }));
  keys
    .command('revoke <key-id>')
    .description('revoke an API key at once')
    .option(...json)
    .action((keyId: string, opts: CommandArgs) => actions.run('keys.revoke', { keyId, ...opts }));

  const github = program.command('github').description('link repositories to projects for the GitHub App');
  github
    .command('link <owner/repo> <project-slug>')
    .description("draft the repository's pull requests and releases into the project")
    .option(...json)
    .action((repository: string, slug: string, opts: CommandArgs) =>
      actions.run('github.link', { repository, slug, ...opts }),
    );
  github
    .command('unlink <owner/repo>')
    .description('stop acting on the repository')
    .option(...json)
    .action((repository: string, opts: CommandArgs) => actions.run('github.unlink', { repository, ...opts }));
  github
    .command('links')
    .description('list linked repositories and their projects')
    .option(...json)
    .action((opts: CommandArgs) => actions.run('github.links', opts));

  program
    .command('setup-link')
    .description('print a new link that creates the first account and project (only while none exists)')
    .option(...json)
    .action((opts: CommandArgs) => actions.run('setup.link', opts));

  const deliveries = program
    .command('deliveries')
    .description('email batches whose retries ran out, and sending them again');
  deliveries
    .command('failed')
    .description('list failed email batches: entry, recipients still owed it, attempts, last error')
    .option(...json)
    .action((opts: CommandArgs) => actions.run('deliveries.failed', opts));
  deliveries
    .command('retry [batch-id]')
    .description('send a failed email batch again (to the recipients still owed its entry)')
    .option('--all', 'every failed batch')
    .option(...json)
    .action((batchId: string | undefined, opts: CommandArgs, command: Command) => {
      if ((batchId === undefined) === !opts.all) {
        command.error('error: give one batch id, or --all (see: npx shiplog deliveries failed)', {
          exitCode: 2,
        });
      }
      return actions.run('deliveries.retry', { ...(batchId ? { batchId } : {}), ...opts });
    });
  program
    .command('import <project-slug>')
    .description("publish a changelog's releases as the project's history (never sent to subscribers)")
    .requiredOption(
      '--changelog <file>',
      'the changelog, Markdown or reStructuredText (.rst), e.g. CHANGELOG.md',
    )
    .option('--git-dir <dir>', "read each version's tag date and commits from this git checkout")
    .option('--repository <owner/name>', 'the GitHub repository the entries come from')
    .option('--dry-run', 'print what would be imported (version, date, commits) and write nothing')
    .option(...json)
    .action((slug: string, opts: ImportArgs) => actions.import(slug, opts));
  return program;
}

/**
 * Runs the CLI. @returns the exit code (the process keeps running for `serve`).
 * @param env the environment to configure from (config.ts's default: the process's).
 */
export async function main(
  argv: string[],
  io: Io = defaultIo,
  env?: Record<string, string | undefined>,
): Promise<number> {
  let config: Config | undefined;
  const getConfig = () => {
    config ??= loadConfig(env);
    return config;
  };
  const actions: Actions = {
    async run(name, args) {
      io.stdout(await runAdminCommand(getConfig(), name, args));
    },
    async import(slug, opts) {
      const plan = await prepareImport({
        changelog: opts.changelog,
        ...(opts.gitDir !== undefined ? { gitDir: opts.gitDir } : {}),
        names: [slug],
      });
      if (opts.dryRun) return io.stdout(describePlan(plan, slug, opts.json === true));
      const args: CommandArgs = {
        slug,
        releases: plan.releases.map((p) => p.release),
        skipped: plan.skipped.map((s) => ({ version: s.version, heading: s.heading, reason: s.reason })),
        warnings: cutNotes(plan),
        json: opts.json === true,
        ...(opts.repository !== undefined ? { repository: opts.repository } : {}),
      };
      io.stdout(await runAdminCommand(getConfig(), 'entries.import', args));
    },
    async migrate() {
      const c = getConfig();
      const db = await openDatabase({ databaseUrl: c.databaseUrl, dataDir: c.dataDir, max: 1 });
      try {
        const applied = await migrate(db.sql);
        io.stdout(applied.length ? `Applied ${applied.join(', ')}\n` : 'The database is up to date.\n');
      } finally {
        await db.close();
      }
    },
    async serve(overrides) {
      const { serve } = await import('../server.ts');
      config = loadConfig(env, overrides);
      await serve(config);
    },
  };
  try {
    await buildProgram(io, actions).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0
        ? 0
        : 2;
    }
    const message =
      config?.databaseUrl && isDatabaseUnavailable(err)
        ? unreachableDatabase(config.databaseUrl, err)
        : (err as Error).message;
    io.stderr(`shiplog: ${message.split('\n')[0]}\n`);
    return 1;
  }
}

/**
 * The one line for a PostgreSQL server that cannot be reached: it names the variable to check and the
 * address (never the password), then the driver's reason (`ECONNREFUSED`, `ENOTFOUND`…).
 */
function unreachableDatabase(databaseUrl: string, err: unknown): string {
  const url = new URL(databaseUrl);
  url.password = '';
  const reason = (err as { code?: string }).code ?? (err as Error).message;
  return `cannot reach the PostgreSQL server of DATABASE_URL (${url.toString()}): ${reason}; is it running, and is DATABASE_URL right?`;
}
