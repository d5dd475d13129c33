/**
 * What the App needs from where it runs. Inside `shiplog serve` the Shiplog side is the service layer,
 * in-process, for the project the repository is linked to (`shiplog github link`); in a standalone
 * `probot run` deployment it is the HTTP client with one project's key (`SHIPLOG_API_URL`,
 * `SHIPLOG_API_KEY`).
 */
import type { ShiplogApi } from '../core/shiplog-client.ts';

/** An installation as an `installation` event describes it. */
export type InstallationInfo = { id: number; account: string; accountType: string; suspended: boolean };

/**
 * Where the App keeps what GitHub says about its installations (inside `shiplog serve`, the database;
 * absent in a standalone deployment, which serves one project and has nothing to record).
 */
export type InstallationStore = {
  /** An installation and the repositories it gained and lost (`installation`, `installation_repositories`). */
  installed(
    installation: InstallationInfo,
    added: readonly { repository: string; private: boolean }[],
    removed: readonly string[],
  ): Promise<void>;
  uninstalled(installationId: number): Promise<void>;
  /** @returns true the first time `repository` is to be told it is linked to no project. */
  claimUnlinkedNotice(repository: string, pullRequest: number): Promise<boolean>;
  /** Undo a claim whose comment could not be posted. */
  releaseUnlinkedNotice(repository: string): Promise<void>;
};

export type AppDeps = {
  /**
   * The Shiplog API for `repository` (`owner/name`) and, for a monorepo component with its own project,
   * that project's slug; null when the repository is not linked to a project (the app then does nothing
   * there but say so once) or the component's project may not be drafted into from it.
   */
  shiplogFor: (repository: string, projectSlug?: string) => Promise<ShiplogApi | null>;
  installations?: InstallationStore;
};

/** What the handlers get: the deployment's deps and the app's own login. */
export type HandlerDeps = AppDeps & { appLogin: () => Promise<string> };
