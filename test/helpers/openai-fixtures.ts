/**
 * OpenAI chat-completions responses (test/fixtures/openai), written by hand in the shape of real
 * responses (this machine has no network to record live ones), and a nock scope for them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';

export const AI_BASE_URL = 'https://ai.test/v1';

export function openaiFixture(name: string): unknown {
  return JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/openai', `${name}.json`), 'utf8'));
}

/** A scope on the fake provider; the caller asserts `scope.isDone()`. */
export function aiScope(): nock.Scope {
  return nock('https://ai.test');
}
