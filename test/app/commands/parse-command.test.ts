/** `/shiplog` commands: only a first line that is exactly the command counts (docs/github-app.md#github-app). */
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../app/commands/parse-command.ts';

describe('parseCommand', () => {
  it('reads each command from an exact first line', () => {
    expect(parseCommand('/shiplog publish')).toEqual({ name: 'publish' });
    expect(parseCommand('/shiplog regenerate\r\nthanks!')).toEqual({ name: 'regenerate' });
    expect(parseCommand('/shiplog skip  ')).toEqual({ name: 'skip' });
    expect(parseCommand('/shiplog category fix')).toEqual({ name: 'category', category: 'fix' });
    expect(parseCommand('/shiplog visibility internal')).toEqual({
      name: 'visibility',
      visibility: 'internal',
    });
    expect(parseCommand('/shiplog title Faster search, for real')).toEqual({
      name: 'title',
      title: 'Faster search, for real',
    });
    expect(parseCommand('/shiplog edit\n\n## Faster search\n\nIt is.\n')).toEqual({
      name: 'edit',
      body: '## Faster search\n\nIt is.',
    });
  });

  it('ignores quoted, fenced, indented, trailing-text and look-alike commands', () => {
    for (const body of [
      '> /shiplog publish',
      '```\n/shiplog publish\n```',
      '    /shiplog publish',
      ' /shiplog publish',
      '/shiplog publish now',
      '/shiplog publish.',
      '／shiplog publish',
      '/ship\u200blog publish',
      '/shiplog\u200b publish',
      '/shiplog publish\u200b',
      '\ufeff/shiplog publish',
      '/Shiplog publish',
      '/shiplog  publish',
      'please /shiplog publish',
      'LGTM\n/shiplog publish',
      '/shiplog',
      '/shiplog frobnicate',
    ]) {
      expect(parseCommand(body), JSON.stringify(body)).toBeNull();
    }
  });

  it('reads a component named before the command (a monorepo entry), and nothing else in its place', () => {
    expect(parseCommand('/shiplog web publish')).toEqual({ name: 'publish', component: 'web' });
    expect(parseCommand('/shiplog @acme/web-app regenerate')).toEqual({
      name: 'regenerate',
      component: '@acme/web-app',
    });
    expect(parseCommand('/shiplog api title Faster builds')).toEqual({
      name: 'title',
      title: 'Faster builds',
      component: 'api',
    });
    expect(parseCommand('/shiplog api edit\n\nNew body.')).toEqual({
      name: 'edit',
      body: 'New body.',
      component: 'api',
    });
    expect(parseCommand('/shiplog web category bugfix')).toMatchObject({ name: 'invalid', component: 'web' });
    for (const body of [
      '/shiplog web',
      '/shiplog web frobnicate',
      '/shiplog web  publish',
      '/shiplog web publish now',
      '/shiplog web web publish',
      '/shiplog publish web',
      '/shiplog -web publish',
      '> /shiplog web publish',
    ]) {
      expect(parseCommand(body), JSON.stringify(body)).toBeNull();
    }
  });

  it('answers a known command with a bad value so the reply can say what is valid', () => {
    expect(parseCommand('/shiplog category bugfix')).toMatchObject({ name: 'invalid' });
    expect(parseCommand('/shiplog visibility secret')).toMatchObject({ name: 'invalid' });
    expect(parseCommand(`/shiplog title ${'x'.repeat(201)}`)).toMatchObject({ name: 'invalid' });
    expect(parseCommand('/shiplog edit')).toMatchObject({ name: 'invalid' });
    expect(parseCommand('/shiplog edit\n   \n')).toMatchObject({ name: 'invalid' });
  });
});
