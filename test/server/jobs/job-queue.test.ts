/**
 * Queue settings are applied at every start, also to queues an earlier version made (pg-boss's
 * createQueue leaves an existing queue as it is): a deployment upgraded from the 9-retry email schedule
 * gets the day-long one.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { EMAIL_RETRY } from '../../../server/queue/queue-settings.ts';
import { openServer } from '../../../server/open-server.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function withApp<T>(work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SHIPLOG_DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const { app, close } = await openServer(config, { workers: false, adminSocket: false, poolSize: 4 });
  try {
    return await work(app);
  } finally {
    await close();
  }
}

it("brings an older version's queue settings up to date at start", async () => {
  // What the previous version left: the email batches' queue with 9 retries from 5 s.
  await withApp((app) =>
    app.shiplog.jobs.boss.updateQueue('email-batch', {
      retryLimit: 9,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 86_400,
    }),
  );
  const queue = await withApp((app) => app.shiplog.jobs.boss.getQueue('email-batch'));
  expect(queue).toMatchObject({ ...EMAIL_RETRY, heartbeatSeconds: 30, deadLetter: 'email-batch-failed' });
});
