/**
 * The layers are kept by the linter (eslint.config.js): a deliberate wrong-way import in each layer is
 * an error, an import that closes a circle of files or of folders (eslint/no-folder-cycles.js) is an
 * error, and the same file without it is clean.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
// Only the two rules under test, without type information (the typed rules would build a TypeScript
// program of the whole repository: most of this file's time).
const RULES = new Set([
  'no-restricted-imports',
  'import-x/no-cycle',
  'no-restricted-globals',
  'no-restricted-properties',
  'no-restricted-syntax',
  'local/no-folder-cycles',
]);
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => RULES.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function lintErrors(file: string, extraImport: string, rule: string): Promise<string[]> {
  const path = join(root, file);
  const source = `${extraImport}\n${readFileSync(path, 'utf8')}`;
  const [result] = await eslint.lintText(source, { filePath: path });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const layerErrors = (file: string, extraImport: string) =>
  lintErrors(file, extraImport, 'no-restricted-imports');

describe('layer rules', () => {
  it.each([
    [
      'server/db/entries.ts',
      "import { createEntry } from '../services/entries/create-entry.ts';",
      /db\/ is the bottom layer/,
    ],
    [
      'server/services/entries/create-entry.ts',
      "import { sendPage } from '../../plugins/html-pages.ts';",
      /services never import plugins/,
    ],
    [
      'server/services/entries/entry-events.ts',
      "import { JOB_HANDLERS } from '../../jobs/job-handlers.ts';",
      /services never import plugins, routes, job handlers/,
    ],
    [
      'server/errors/error-handler.ts',
      "import { sendPage } from '../plugins/html-pages.ts';",
      /errors\/ is below services/,
    ],
    [
      'server/queue/job-queue.ts',
      "import { createEntry } from '../services/entries/create-entry.ts';",
      /queue\/ is below services/,
    ],
    [
      'server/routes/v1/entries.ts',
      "import { findEntry } from '../../db/entries.ts';",
      /routes call services, never db/,
    ],
    [
      'server/channels/types/webhook.ts',
      "import { createEntry } from '../../services/entries/create-entry.ts';",
      /channel modules are below services/,
    ],
    ['core/request-draft.ts', "import { loadConfig } from '../server/config.ts';", /core\/ is shared/],
    ['app/index.ts', "import { loadConfig } from '../server/config.ts';", /never server/],
    [
      'core/drafting/draft-release.ts',
      "import { loadConfig } from '../../server/config.ts';",
      /core\/ is shared/,
    ],
    [
      'core/drafting/profile/learn-profile.ts',
      "import { ShiplogClient } from '../../shiplog-client.ts';",
      /core\/drafting is pure/,
    ],
    ['core/drafting/draft-release.ts', "import { readFileSync } from 'node:fs';", /core\/drafting is pure/],
    [
      'widget/src/api.ts',
      "import { CreateEntryInputSchema } from '../../core/contract/entries.schema.ts';",
      /types only/,
    ],
    // The dashboard runs code from core/portable/ only, and core/portable/ stays browser-safe.
    [
      'dashboard/src/api/history.ts',
      "import { planImport as plan } from '../../../core/plan-import.ts';",
      /code from core\/portable only/,
    ],
    ['core/portable/import-batches.ts', "import { readFile } from 'node:fs/promises';", /no Node built-ins/],
    ['core/portable/import-batches.ts', "import semver from 'semver';", /no packages/],
    [
      'core/portable/import-batches.ts',
      "import { planImport } from '../plan-import.ts';",
      /only types from the rest of core/,
    ],
    // A benchmark opens its database the one way Shiplog opens.
    [
      'bench/analytics-queries.ts',
      "import { migrate } from '../server/db/migrate.ts';",
      /opens its database through openBenchApp/,
    ],
  ])('refuses a wrong-way import in %s', async (file, wrong, message) => {
    const errors = await layerErrors(file, wrong);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it('lets a route import types from db/, and the files as they are pass', async () => {
    expect(
      await layerErrors(
        'server/routes/v1/entries.ts',
        "import type { EntryRow as Row } from '../../db/entries.ts';",
      ),
    ).toEqual([]);
    expect(await layerErrors('server/db/entries.ts', '')).toEqual([]);
    expect(await layerErrors('core/drafting/profile/learn-profile.ts', '')).toEqual([]);
    expect(await layerErrors('bench/analytics-queries.ts', '')).toEqual([]);
  });

  it('keeps core/drafting from reading the environment or the clock', async () => {
    const env = await lintErrors(
      'core/drafting/draft-release.ts',
      'void process.env.X;',
      'no-restricted-globals',
    );
    expect(env).toEqual([expect.stringMatching(/core\/drafting is pure/)]);
    const clock = await lintErrors(
      'core/drafting/draft-release.ts',
      'void Date.now();',
      'no-restricted-properties',
    );
    expect(clock).toEqual([expect.stringMatching(/core\/drafting is pure/)]);
  });

  it('keeps SQL in db/: a query anywhere else in the server is an error', async () => {
    const query = 'declare const sql: any;\nvoid sql`select 1`;';
    for (const file of ['server/routes/health.ts', 'server/services/health/check-database.ts']) {
      const errors = await lintErrors(file, query, 'no-restricted-syntax');
      expect(errors).toEqual(['SQL lives in db/ only: call a db/ module']);
    }
    expect(await lintErrors('server/db/ping.ts', query, 'no-restricted-syntax')).toEqual([]);
  });

  it('refuses an import that closes a circle, and finds none in the files as they are', async () => {
    // job-queue.ts imports queue-settings.ts: the other way round would make a circle of two.
    const closing = "import { startJobQueue } from './job-queue.ts';\nvoid startJobQueue;";
    const errors = await lintErrors('server/queue/queue-settings.ts', closing, 'import-x/no-cycle');
    expect(errors).toEqual(['Dependency cycle detected']);
    expect(await lintErrors('server/queue/queue-settings.ts', '', 'import-x/no-cycle')).toEqual([]);
  });

  it.each([
    // entries/ takes the widget cache's maker from public/, which reads entries/' preview links.
    [
      'server/services/entries/entry-events.ts',
      "import type { createWidgetCache } from '../public/create-widget-cache.ts';",
      'server/services/entries/ → server/services/public/ → server/services/entries/',
    ],
    // audit/ reaching into entries/, which records audit events.
    [
      'server/services/audit/list-audit-log.ts',
      "import { withEntryEvents } from '../entries/entry-events.ts';",
      'server/services/audit/ → server/services/entries/ → server/services/audit/',
    ],
    // What the author said applying what each change touched, which reads what the author said.
    [
      'core/drafting/changes/classify-commit.ts',
      "import { applyEvidence } from '../evidence/apply-evidence.ts';",
      'core/drafting/changes/ → core/drafting/evidence/ → core/drafting/changes/',
    ],
  ])('refuses an import in %s that closes a circle of folders', async (file, closing, circle) => {
    const errors = await lintErrors(file, closing, 'local/no-folder-cycles');
    expect(errors).toEqual([
      `folders import each other in a circle: ${circle}; move what they share into a folder below both`,
    ]);
  });

  it('lets a folder import downwards, its own files and the files above its folders', async () => {
    const fine = [
      "import { decodeCursor as decode } from '../paging/keyset-cursor.ts';",
      "import type { ServiceContext as Context } from '../context.ts';",
      "import { listEntries as list } from './list-entries.ts';",
    ].join('\n');
    expect(
      await lintErrors('server/services/entries/entry-events.ts', fine, 'local/no-folder-cycles'),
    ).toEqual([]);
    for (const file of ['server/services/audit/list-audit-log.ts', 'core/drafting/clean-changes.ts'])
      expect(await lintErrors(file, '', 'local/no-folder-cycles')).toEqual([]);
  });
});
