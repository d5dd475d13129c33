/**
 * The `import-changelog` step of the Action: the checkout's changelog imported once as the project's
 * published history (core/import-changelog.ts), before anything is drafted, so the first draft already
 * has the project's history to learn from. Sets the `imported` output.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as core from '@actions/core';
import type { GitRunner } from '../core/collect-commits.ts';
import { importChangelogOnce } from '../core/import-changelog.ts';
import type { ShiplogClient } from '../core/shiplog-client.ts';

export async function importHistory(
  path: string,
  deps: {
    shiplog: ShiplogClient;
    git: GitRunner | null;
    workspace: string;
    repository: string;
    /** The version this run drafts: it and newer ones are not imported. */
    drafting: string | null;
  },
): Promise<void> {
  const outcome = await importChangelogOnce(
    {
      shiplog: deps.shiplog,
      git: deps.git,
      readFile: (file) => readFile(resolve(deps.workspace, file), 'utf8'),
      log: { info: core.info, warning: core.warning },
    },
    { path, repository: deps.repository, drafting: deps.drafting },
  );
  if (outcome.status === 'skipped') core.notice(`import-changelog: ${outcome.reason}.`);
  core.setOutput(
    'imported',
    outcome.status === 'imported' ? String(outcome.imported + outcome.replaced) : '0',
  );
}
