/**
 * action.yml is what GitHub reads before it runs the bundle: it must parse as YAML (a plain scalar
 * holding `key: value` does not) and declare every input action/inputs.ts reads.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = new URL('../../', import.meta.url);

describe('action.yml', () => {
  it('parses, and declares every input the Action reads', () => {
    const action = parse(readFileSync(new URL('action.yml', root), 'utf8')) as {
      inputs: Record<string, { description: string }>;
      runs: { using: string; main: string };
    };
    const source = readFileSync(new URL('action/inputs.ts', root), 'utf8');
    const read = new Set([...source.matchAll(/(?:Input|opt|bool)\('([a-z-]+)'/g)].map((m) => m[1]!));
    expect(read.size).toBeGreaterThan(10);
    for (const name of read) expect(action.inputs, name).toHaveProperty(name);
    for (const [name, input] of Object.entries(action.inputs)) expect(input.description, name).toBeTruthy();
    expect(action.runs).toEqual({ using: 'node24', main: 'action/dist/index.js' });
  });
});
