import type { AgentMessage, AgentUpdateState, ServerMessage } from '@shared/agent/protocol';
import { verifyReleaseSignature } from '@shared/agent/release-signature';
import { isNewerVersion } from '@shared/agent/versions';
import { withoutTrailingSlashes } from '@shared/url';

import type { Logger } from '../log';
import { oneLine } from '../safe-text';
import type { UpdaterDeps } from './deps';
import { downloadTo, UPDATE_MAX_BYTES, UpdateRefused } from './download';
import type { UpdatePaths } from './paths';
import { holdSchema, pendingSchema, readState, removeState, reportSchema, writeState } from './state';
import { checkHome, swapBack, swapIn } from './swap';

export type UpdateOffer = Extract<ServerMessage, { type: 'update.available' }>;

/** A version that failed here is not tried again for this long (each try downloads the build again). */
export const FAILED_HOLD_MS = 60 * 60 * 1000;
/** How long the new program has to be welcomed by the server before the watchdog puts the old one back. */
export const CONFIRM_WITHIN_MS = 5 * 60 * 1000;

export interface UpdaterOptions {
  configDir: string;
  paths: UpdatePaths;
  /** The server this machine enrolled with: builds are downloaded from it and nowhere else. */
  server: string;
  /** The release key pinned at enrolment; without one nothing is installed. */
  publicKey: string | undefined;
  currentVersion: string;
  /** The product's platform name (linux, macos, windows), as builds are signed for it. */
  platformName: string;
  confirmWithinMs?: number;
  send: (message: AgentMessage) => void;
  log: Logger;
  deps: UpdaterDeps;
}

/**
 * The native agent replacing itself with a newer build its server offers: download, check
 * (size, SHA-256, the pinned key's signature of this platform, processor and version), swap,
 * then a watchdog from the old program that puts it back unless the new one is welcomed in time.
 * A failure leaves the running program untouched and holds that version for an hour.
 */
export class Updater {
  private busy = false;
  private checked: UpdateOffer | null = null;
  private markReady!: () => void;
  /** Resolves once a checked build waits beside the program: the agent then stops and calls install(). */
  readonly ready: Promise<void> = new Promise((resolve) => (this.markReady = resolve));

  constructor(private readonly options: UpdaterOptions) {}

  /** Handles update.available; never throws (a failure is reported and held). */
  async offer(offer: UpdateOffer): Promise<void> {
    const { options } = this;
    if (this.busy || this.checked) return;
    if (!isNewerVersion(offer.version, options.currentVersion)) {
      options.log.info(`Update to ${offer.version} ignored: not newer than ${options.currentVersion}`);
      return;
    }
    const hold = await readState(options.paths.hold, holdSchema);
    if (hold && hold.version === offer.version && new Date(hold.until).getTime() > options.deps.now()) {
      options.log.info(`Update to ${offer.version} not tried again before ${hold.until}: ${hold.reason}`);
      return;
    }
    this.busy = true;
    try {
      await this.fetchAndCheck(offer);
      this.checked = offer;
      this.markReady();
    } catch (error) {
      await this.fail(offer.version, error, FAILED_HOLD_MS);
    } finally {
      this.busy = false;
    }
  }

  private async fetchAndCheck(offer: UpdateOffer): Promise<void> {
    const { options } = this;
    const { paths, deps } = options;
    await checkHome(paths, deps);
    if (!options.publicKey) {
      throw new UpdateRefused('No release key was pinned when this machine enrolled: enrol it again to receive updates');
    }
    const url = this.downloadUrl(offer.url);
    if (offer.size > UPDATE_MAX_BYTES) throw new UpdateRefused(`The build is ${offer.size} bytes, more than an agent can be`);
    this.status('downloading', offer.version, `Downloading ${offer.version}`);
    const sha256 = await downloadTo(url, paths.next, offer.size, deps);
    const fields = { platform: options.platformName, arch: deps.arch, format: 'exe', version: offer.version, sha256 };
    try {
      if (sha256 !== offer.sha256) throw new UpdateRefused('The download does not match the SHA-256 the server announced');
      if (!verifyReleaseSignature({ ...fields, publicKey: options.publicKey, signature: offer.signature })) {
        throw new UpdateRefused(
          `The build's signature is not the pinned release key's for ${fields.platform} ${fields.arch} ${fields.version}: not installed`,
        );
      }
    } catch (error) {
      await removeState(paths.next);
      throw error;
    }
  }

  /**
   * The build's address on the server this machine enrolled with. The announced URL must name
   * this platform's build and nothing more: its host is not used (a proxy may know the server by
   * another name), and a path, query or credentials in it are refused rather than followed.
   */
  private downloadUrl(announced: string): string {
    const path = `/api/client/agent/${this.options.platformName}/${this.options.deps.arch}`;
    let url: URL;
    try {
      url = new URL(announced);
    } catch {
      throw new UpdateRefused('The update names no valid address');
    }
    if (url.pathname !== path || url.search || url.hash || url.username || url.password) {
      throw new UpdateRefused(`The update's address is not this machine's build (${path})`);
    }
    return `${withoutTrailingSlashes(this.options.server)}${path}`;
  }

  /**
   * Called once the agent has stopped between package-manager calls: the checked build takes
   * the program's place, and the watchdog starts. True when the agent should exit so that its
   * service starts the new program; false when nothing changed.
   */
  async install(): Promise<boolean> {
    const offer = this.checked;
    if (!offer) return false;
    const { paths, deps, log } = this.options;
    const deadline = new Date(deps.now() + (this.options.confirmWithinMs ?? CONFIRM_WITHIN_MS)).toISOString();
    try {
      this.status('installing', offer.version, `Installing ${offer.version}`);
      await writeState(
        paths.pending,
        pendingSchema.parse({ version: offer.version, from: this.options.currentVersion, previous: paths.previous, deadline }),
      );
      await swapIn(paths, deps);
    } catch (error) {
      await removeState(paths.pending);
      await removeState(paths.next);
      await this.fail(offer.version, error, FAILED_HOLD_MS);
      return false;
    }
    try {
      await deps.startWatchdog(paths.previous, this.options.configDir);
    } catch (error) {
      // Without a watchdog nobody would undo a broken build: undo it now and keep running.
      log.error(`Could not start the update watchdog: ${(error as Error).message}`);
      await this.undo(offer.version, error);
      return false;
    }
    this.status('restarting', offer.version, `Restarting on ${offer.version}`);
    log.info(`Updated to ${offer.version}: restarting on it (rolled back unless it connects before ${deadline})`);
    return true;
  }

  private async undo(version: string, error: unknown): Promise<void> {
    const { paths } = this.options;
    await swapBack(paths, this.options.deps).catch(() => undefined);
    await removeState(paths.pending);
    await this.fail(version, error, FAILED_HOLD_MS);
  }

  /**
   * After every welcome: a pending update of this very version is confirmed (the watchdog
   * then stands down), and what the watchdog did to an earlier one is told to the server.
   */
  async welcomed(): Promise<void> {
    const { paths, currentVersion, log } = this.options;
    const pending = await readState(paths.pending, pendingSchema);
    if (pending?.version === currentVersion) {
      await removeState(paths.pending);
      log.info(`Update to ${currentVersion} confirmed`);
    }
    const report = await readState(paths.report, reportSchema);
    if (report) {
      this.status(report.state, report.version, report.message);
      await removeState(paths.report);
    }
  }

  private async fail(version: string, error: unknown, holdMs: number): Promise<void> {
    const reason = error instanceof UpdateRefused ? error.message : `The update failed: ${(error as Error).message}`;
    this.options.log.warn(`Update to ${version} not installed: ${reason}`);
    const until = new Date(this.options.deps.now() + holdMs).toISOString();
    await writeState(this.options.paths.hold, { version, until, reason }).catch(() => undefined);
    this.status('failed', version, reason);
  }

  private status(state: AgentUpdateState, version: string, message: string): void {
    this.options.send({ type: 'update.status', state, version, message: oneLine(message, 500) });
  }
}
