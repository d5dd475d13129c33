/**
 * The `shiplog` command line (CONTRACT.md "Operating"): serve, migrate, projects, keys.
 * Exit codes: 0 success, 1 failure with a one-line message on stderr, 2 bad usage.
 */
import { Command, CommanderError } from 'commander';
import { type Config, loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { ADMIN_COMMANDS, type CommandArgs } from './admin-commands.ts';
import { runAdminCommand } from './run-admin-command.ts';

export type Io = { stdout: (text: string) => void; stderr: (text: string) => void };

const defaultIo: Io = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

function buildProgram(
  io: Io,
  run: (name: string, args: CommandArgs) => Promise<void>,
  migrateNow: () => Promise<void>,
  serve: () => Promise<void>,
): Command {
  const program = new Command('shiplog')
    .description('Shiplog: changelogs your users read')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError();

  program.command('serve').description('run the HTTP server (migrations run at start)').action(serve);
  program.command('migrate').description('apply database migrations and exit').action(migrateNow);

  const projects = program.command('projects').description('create and update projects');
  projects
    .command('create')
    .description('create a project and its first API key')
    .requiredOption('--name <name>', 'display name')
    .requiredOption('--slug <slug>', 'URL slug: a-z, 0-9, "-"')
    .option('--plan <plan>', 'free, pro or business', 'free')
    .option('--json', 'print JSON')
    .action((opts: CommandArgs) => run('projects.create', opts));
  projects
    .command('update <slug>')
    .description("change a project's plan or widget settings")
    .option('--name <name>', 'display name')
    .option('--plan <plan>', 'free, pro or business')
    .option('--accent <colour>', 'widget accent colour, #RRGGBB')
    .option('--position <corner>', 'bottom-right, bottom-left, top-right or top-left')
    .option('--theme <theme>', 'light, dark or auto')
    .option('--reactions <emoji>', 'comma-separated emoji readers can react with, e.g. "👍,🎉,❤️"')
    .option('--json', 'print JSON')
    .action((slug: string, opts: CommandArgs) => run('projects.update', { slug, ...opts }));

  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create <project-slug>')
    .option('--json', 'print JSON')
    .action((slug: string, opts: CommandArgs) => run('keys.create', { slug, ...opts }));
  keys
    .command('list <project-slug>')
    .option('--json', 'print JSON')
    .action((slug: string, opts: CommandArgs) => run('keys.list', { slug, ...opts }));
  keys
    .command('revoke <key-id>')
    .option('--json', 'print JSON')
    .action((keyId: string, opts: CommandArgs) => run('keys.revoke', { keyId, ...opts }));
  return program;
}

/** Runs the CLI. @returns the exit code (the process keeps running for `serve`). */
export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  let config: Config | undefined;
  const getConfig = () => {
    config ??= loadConfig();
    return config;
  };
  const run = async (name: string, args: CommandArgs) => {
    if (!(name in ADMIN_COMMANDS)) throw new Error(`unknown command ${name}`);
    io.stdout(await runAdminCommand(getConfig(), name, args));
  };
  const migrateNow = async () => {
    const c = getConfig();
    const db = await openDatabase({ databaseUrl: c.databaseUrl, dataDir: c.dataDir, max: 1 });
    try {
      const applied = await migrate(db.sql);
      io.stdout(applied.length ? `Applied ${applied.join(', ')}\n` : 'The database is up to date.\n');
    } finally {
      await db.close();
    }
  };
  const serve = async () => {
    getConfig();
    await import('../server.ts');
  };
  try {
    await buildProgram(io, run, migrateNow, serve).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0
        ? 0
        : 2;
    }
    io.stderr(`shiplog: ${(err as Error).message.split('\n')[0]}\n`);
    return 1;
  }
}
