/**
 * What the Action's tests run against: a Shiplog server on a real socket with a pro project, and a git
 * checkout of two ripgrep releases (14.0.1, 14.0.2) built from the fixtures.
 */
import { loadReleases, type Release } from '../fixtures/releases/load-releases.ts';
import { buildTestServer, type TestServer } from './build-server.ts';
import { buildFixtureRepo, type FixtureRepo } from './fixture-repo.ts';

export type ActionSetup = {
  server: TestServer;
  url: string;
  apiKey: string;
  fixture: FixtureRepo;
  releases: Release[];
  close(): Promise<void>;
};

export async function startActionSetup(): Promise<ActionSetup> {
  const releases = loadReleases().filter(
    (r) => r.repo === 'BurntSushi/ripgrep' && ['14.0.1', '14.0.2'].includes(r.tag),
  );
  const server = await buildTestServer({ SHIPLOG_API_RATE_LIMIT: '1000' });
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { apiKey } = await server.project('pro');
  const fixture = await buildFixtureRepo(releases);
  return {
    server,
    url,
    apiKey,
    fixture,
    releases,
    async close() {
      await server.close();
      await fixture.remove();
    },
  };
}
