/** Per test file: no real network from tests (only loopback: the app, PostgreSQL, Redis). */
import nock from 'nock';
import { afterAll } from 'vitest';

nock.disableNetConnect();
nock.enableNetConnect(/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/);

afterAll(() => {
  nock.cleanAll();
});
