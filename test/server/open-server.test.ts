/**
 * What opening the server tells the operator (server/open-server.ts, the opening `shiplog serve`, the
 * tests and the benchmarks share): emails that would go out from no-reply@<an IP> because MAIL_FROM is
 * unset are warned about (mail servers refuse them), a named MAIL_FROM is not; whether the GitHub App
 * is mounted is said either way.
 */
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openServer } from '../../server/open-server.ts';
import { captureLogs } from '../helpers/build-server.ts';
import { createTestDatabase, databaseEnv, type TestDatabase } from '../helpers/test-database.ts';

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

async function openedLog(env: Record<string, string>): Promise<string> {
  const database: TestDatabase = await createTestDatabase();
  const { lines, logger } = captureLogs();
  const { close } = await openServer(loadConfig({ ...databaseEnv(database), ...env }), {
    logger,
    workers: false,
    adminSocket: false,
  });
  opened.push(async () => {
    await close();
    await database.drop();
  });
  return lines.join('');
}

it('warns when emails would go out from no-reply@<an IP> because MAIL_FROM is unset', async () => {
  const log = await openedLog({ SMTP_URL: 'smtp://127.0.0.1:9' });
  expect(log).toMatch(
    /MAIL_FROM is not set, so emails are sent from Shiplog <no-reply@127\.0\.0\.1>, which mail servers refuse/,
  );
  expect(log).toContain('GitHub App not mounted (set APP_ID');
});

it('says nothing of MAIL_FROM when it names an address', async () => {
  const log = await openedLog({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'Acme <news@acme.example>' });
  expect(log).not.toContain('MAIL_FROM is not set');
});
