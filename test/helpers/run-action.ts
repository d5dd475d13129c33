/**
 * Run the bundled action/dist/index.js as a child process the way the runner does: INPUT_* variables,
 * GITHUB_EVENT_PATH, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, a checkout in GITHUB_WORKSPACE, and
 * GITHUB_API_URL pointing at a GitHub stand-in (or at nothing).
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ACTION_BUNDLE = join(import.meta.dirname, '../../action/dist/index.js');

export type StepResult = {
  code: number | null;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
};

/** Parse the runner's GITHUB_OUTPUT file (`name<<DELIMITER\nvalue\nDELIMITER`). */
function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /^([\w-]+)<<(\S+)\n([^]*?)\n\2$/gm;
  for (const m of text.matchAll(re)) out[m[1]!] = m[3]!;
  return out;
}

let runs = 0;

export async function runActionStep(options: {
  /** A scratch directory for the event, output and summary files. */
  work: string;
  workspace: string;
  repository: string;
  inputs: Record<string, string>;
  event: { name: string; payload: object };
  /** The GitHub API the step may call; default: a closed port. */
  githubApiUrl?: string;
  /** False: no GITHUB_STEP_SUMMARY, as in a local run (`npm run local-action`). */
  summary?: boolean;
  /**
   * Record every connection the step opens (network-guard.ts) and refuse all but these `host:port`s;
   * the result's `connections` lists them.
   */
  allowConnections?: string[];
}): Promise<StepResult & { connections: string[] }> {
  const n = ++runs;
  const eventPath = join(options.work, `event-${n}.json`);
  const outputPath = join(options.work, `output-${n}`);
  const summaryPath = join(options.work, `summary-${n}.md`);
  await writeFile(eventPath, JSON.stringify(options.event.payload));
  await writeFile(outputPath, '');
  await writeFile(summaryPath, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: options.repository,
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_OUTPUT: outputPath,
    ...(options.summary === false ? {} : { GITHUB_STEP_SUMMARY: summaryPath }),
    GITHUB_API_URL: options.githubApiUrl ?? 'http://127.0.0.1:9',
    RUNNER_TEMP: options.work,
  };
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const networkLog = join(options.work, `network-${n}.log`);
  const preload: string[] = [];
  if (options.allowConnections) {
    await writeFile(networkLog, '');
    env.SHIPLOG_NETWORK_LOG = networkLog;
    env.SHIPLOG_NETWORK_ALLOW = options.allowConnections.join(',');
    preload.push('--import', pathToFileURL(join(import.meta.dirname, 'network-guard.ts')).href);
  }
  const child = spawn(process.execPath, [...preload, ACTION_BUNDLE], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stdout += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    code,
    stdout,
    outputs: parseOutputs(await readFile(outputPath, 'utf8')),
    summary: await readFile(summaryPath, 'utf8'),
    connections: options.allowConnections
      ? (await readFile(networkLog, 'utf8')).split('\n').filter(Boolean)
      : [],
  };
}
