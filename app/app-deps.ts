/**
 * What the App needs from where it runs. Inside `shiplog serve` the Shiplog side is the service layer,
 * in-process, for the project the repository is linked to (`shiplog github link`); in a standalone
 * `probot run` deployment it is the HTTP client with one project's key (`SHIPLOG_API_URL`,
 * `SHIPLOG_API_KEY`).
 */
import type { ShiplogApi } from '../core/shiplog-client.ts';

export type AppDeps = {
  /**
   * The Shiplog API for `repository` (`owner/name`), or null when the repository is not linked to a
   * project (the app then does nothing there).
   */
  shiplogFor: (repository: string) => Promise<ShiplogApi | null>;
};

/** What the handlers get: the deployment's deps and the app's own login. */
export type HandlerDeps = AppDeps & { appLogin: () => Promise<string> };
