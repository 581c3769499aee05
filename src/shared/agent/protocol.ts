import { z } from 'zod';

import { isSafeMultiLine, isSafeSingleLine } from '../api/common';
import { DEVICE_TAG_MAX, DEVICE_TAG_PATTERN, DEVICE_TAGS_MAX } from '../device-tags';
import {
  isValidSearchQuery,
  SEARCH_DESCRIPTION_MAX,
  SEARCH_NAME_MAX,
  SEARCH_QUERY_MESSAGE,
  SEARCH_RESULTS_MAX,
  SEARCH_VERSION_MAX,
} from '../machine-search';
import { MANAGER_NAMES, perPackageField, type ManagerName } from '../package-managers';

/**
 * The messages between the server and a device agent over `GET /api/agent/ws` (docs/delivery.md).
 * Every frame is one JSON object of at most AGENT_MESSAGE_MAX_BYTES; both ends parse it with
 * these schemas and drop (and log) what does not match, so a newer peer cannot crash an older.
 *
 * Delivery is at least once: jobs live in the database, the server sends every unfinished job
 * on each (re)connect, and a report that would move an item backwards is ignored; an agent
 * may therefore see a job twice and report an item twice, and nothing happens twice.
 */
export const AGENT_PROTOCOL_VERSION = 1;
/**
 * The oldest protocol this server still speaks. An agent's hello names its protocol; an older
 * one is answered with AGENT_CLOSE_PROTOCOL and a reason naming the agent version to install,
 * never dropped in silence (the agent would reconnect for ever without knowing why).
 */
export const AGENT_PROTOCOL_MIN = 1;
/** The close code for an agent whose protocol this server does not speak (after HTTP 426, Upgrade Required). */
export const AGENT_CLOSE_PROTOCOL = 4426;
/** How long an agent refused for its protocol waits before it tries again: an update may have reached it meanwhile. */
export const AGENT_PROTOCOL_RETRY_MS = 30 * 60 * 1000;
/** The largest frame the server reads from an agent: one agent must not cost the server unbounded memory. */
export const AGENT_MESSAGE_MAX_BYTES = 64 * 1024;
/** The largest frame an agent reads from the server (a job or the catalogue's package ids). */
export const SERVER_MESSAGE_MAX_BYTES = 1024 * 1024;
/** How often the agent says it is alive; the server counts a connection dead after three missed. */
export const AGENT_HEARTBEAT_MS = 30_000;
/** Reconnect backoff: full jitter between 0 and min(cap, base · 2^attempt). */
export const AGENT_RECONNECT_BASE_MS = 1_000;
export const AGENT_RECONNECT_CAP_MS = 60_000;
/**
 * The server closes an agent's connection with this code when another agent with the same
 * credential connects (a copied or shared config folder): only one connection per enrolment.
 */
export const AGENT_CLOSE_REPLACED = 4409;
/**
 * How long an agent replaced by another waits before it tries again, plus up to the jitter:
 * coming back at once would push the other agent off, and the two would take turns forever.
 */
export const AGENT_REPLACED_RETRY_MS = 10 * 60 * 1000;
export const AGENT_REPLACED_JITTER_MS = 5 * 60 * 1000;
/** How often an idle agent reports its inventory (default; `run --inventory-hours`). */
export const AGENT_INVENTORY_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** `run --inventory-hours` between these: often enough to be useful, seldom enough for a timer (below). */
export const AGENT_INVENTORY_MIN_HOURS = 0.1;
export const AGENT_INVENTORY_MAX_HOURS = 24 * 21;
/**
 * The longest delay setTimeout and setInterval hold (a signed 32-bit count of milliseconds,
 * about 24.8 days); a longer one is taken as 1 ms, so a timer would fire a thousand times a second.
 */
export const TIMER_MAX_MS = 2 ** 31 - 1;
/** The WebSocket close code the server uses for a credential that no longer works. */
export const AGENT_CLOSE_DEACTIVATED = 4401;

export { MANAGER_NAMES, type ManagerName };

export const JOB_KINDS = ['install', 'upgrade', 'uninstall'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** What kind of program the agent is: only a native one in its fixed home replaces itself. */
export const AGENT_BUILDS = ['native', 'script', 'desktop'] as const;
export type AgentBuildKind = (typeof AGENT_BUILDS)[number];

/** Where an agent's self-update is; `failed` and `rolled-back` leave the old program running. */
export const AGENT_UPDATE_STATES = ['downloading', 'installing', 'restarting', 'failed', 'rolled-back'] as const;
export type AgentUpdateState = (typeof AGENT_UPDATE_STATES)[number];

/** What the agent reports for one app; `queued` and `cancelled` are the server's word only. */
export const REPORTED_ITEM_STATUSES = ['deferred', 'installing', 'succeeded', 'failed', 'skipped'] as const;
export type ReportedItemStatus = (typeof REPORTED_ITEM_STATUSES)[number];

const shortText = (max: number) => z.string().max(max).refine(isSafeSingleLine, 'must be one line of text');
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);
const packageId = shortText(255).nullable();

/** The catalogue's package ids of one app (src/shared/package-managers.ts), as a job carries them. */
export const jobPackagesSchema = z.object(perPackageField(() => packageId));
export type JobPackages = z.infer<typeof jobPackagesSchema>;

/** How many packages one removal may list; apt's removal of python3 here takes about fifty. */
export const REMOVAL_LIST_MAX = 500;
const packageName = shortText(255);

export const jobItemSchema = z.object({
  itemId: id,
  appId: z.number().int().positive(),
  name: shortText(200),
  packages: jobPackagesSchema,
  /**
   * An uninstall: the other packages its removal may take, which the person saw and confirmed.
   * The agent removes nothing beyond the app's own package and these; absent means none.
   */
  alsoRemove: z.array(packageName).max(REMOVAL_LIST_MAX).optional(),
  /**
   * An uninstall the person asked to take the app's settings too (apt purge, a cask's zap,
   * Flatpak's data, snap --purge). Only `true` or absent: anything else fails the frame.
   */
  purge: z.literal(true).optional(),
  /**
   * An install: the version to install and hold; an upgrade: the agent refuses to move it
   * (docs/pinned-versions.md). Absent means not pinned. Held to its grammar (isValidPinnedVersion)
   * by the installer, which fails only this app for one that breaks it, as it does for a package id.
   */
  pinnedVersion: shortText(64).optional(),
});
export type JobItem = z.infer<typeof jobItemSchema>;

/** One device's share of an installation: the apps it must install, upgrade or remove. */
/** A report's place in its job: 1 for the first final report, then one more for each (job.done last). */
const reportSeq = z.number().int().positive().max(1_000_000);
/** An agent version as builds carry it: 1.2.3, maybe with a pre-release or build suffix. */
const agentVersion = z
  .string()
  .max(40)
  .regex(/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/);

export const jobSchema = z.object({
  jobId: id,
  installationId: id,
  kind: z.enum(JOB_KINDS),
  items: z.array(jobItemSchema).max(200),
});
export type Job = z.infer<typeof jobSchema>;

/** A search query as both ends check it (src/shared/machine-search.ts): data, never an option or a pattern. */
const searchQuery = z.string().max(200).refine(isValidSearchQuery, SEARCH_QUERY_MESSAGE);

/** What uninstalling the app of a `removal.check` would remove; nothing was changed to find out. */
export const removalPlanMessageSchema = z.object({
  type: z.literal('removal.plan'),
  checkId: id,
  /** The manager and package that would be removed; null when no manager here has the app. */
  manager: z.enum(MANAGER_NAMES).nullable(),
  packageId: packageName.nullable(),
  /** Null when the app is not installed. */
  installedVersion: shortText(100).nullable(),
  /** Every package the removal takes, the app's own included. */
  removes: z.array(z.object({ name: packageName, version: shortText(100) })).max(REMOVAL_LIST_MAX),
  /** Why the agent will not remove it (its own runtime, an Essential package…); null when it may. */
  refused: shortText(500).nullable(),
  /** Whether the manager can also remove the app's settings; absent (an older agent) means it cannot. */
  purgeOffered: z.boolean().optional(),
});

/** The managers a search runs: every one; `simulated` stands in for the real ones in tests and demos. */
export const SEARCH_MANAGERS = MANAGER_NAMES;

export const searchResultSchema = z.object({
  id: shortText(255),
  name: shortText(SEARCH_NAME_MAX),
  version: shortText(SEARCH_VERSION_MAX).optional(),
  description: shortText(SEARCH_DESCRIPTION_MAX).optional(),
  /** Homebrew only: a cask, not a formula. */
  cask: z.boolean().optional(),
});

/** The most packages one inventory request may name. */
export const INVENTORY_REQUEST_MAX = 10_000;

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), deviceId: z.string(), deviceName: z.string(), heartbeatMs: z.number().int().positive() }),
  z.object({ type: z.literal('job.assign'), job: jobSchema }),
  z.object({ type: z.literal('job.cancel'), jobId: id }),
  /** Report the installed and upgradable versions of these packages (the catalogue's, for this platform). */
  z.object({
    type: z.literal('inventory.request'),
    packages: z.array(z.object({ manager: z.enum(MANAGER_NAMES), id: shortText(255) })).max(INVENTORY_REQUEST_MAX),
    /** "Check now": refresh the managers' indexes first (apt-get update…), so a version published an hour ago is seen. */
    refresh: z.boolean().optional(),
  }),
  /** Ask the manager, changing nothing, what uninstalling this app would remove (the answer is `removal.plan`). */
  z.object({
    type: z.literal('removal.check'),
    checkId: id,
    item: z.object({ appId: z.number().int().positive(), name: shortText(200), packages: jobPackagesSchema }),
  }),
  /**
   * Search this machine's package managers for `query` (answered by `search.results` per manager,
   * then `search.done`). A new search stops the one running: one at a time per agent.
   */
  z.object({ type: z.literal('search.request'), searchId: id, query: searchQuery }),
  /** The device was deactivated: stop, forget the credential, and remove the service if asked. */
  z.object({ type: z.literal('device.deactivated'), removeClient: z.boolean() }),
  /** The report with this sequence number of the job was applied (or had been): the agent may forget it. */
  z.object({ type: z.literal('report.ack'), jobId: id, seq: reportSeq }),
  /**
   * A newer native build of the agent for its platform and processor (format exe). The agent
   * checks the signature against the key it pinned at enrolment before it runs any of it.
   */
  z.object({
    type: z.literal('update.available'),
    version: agentVersion,
    url: z.string().max(2048),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().positive(),
    signature: z.string().max(200),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

export const inventoryPackageSchema = z.object({
  manager: z.enum(MANAGER_NAMES),
  id: shortText(255),
  installedVersion: shortText(100),
  /** The newer version the manager offers, or null when up to date. */
  availableVersion: shortText(100).nullable(),
  /** The newer version is a security update (apt's security suite); absent when not, or when the manager cannot tell. */
  security: z.boolean().optional(),
});
export type InventoryPackage = z.infer<typeof inventoryPackageSchema>;

export const agentMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    /** Any number: the server answers one outside AGENT_PROTOCOL_MIN..AGENT_PROTOCOL_VERSION with a reason. */
    protocol: z.number().int().min(0).max(1_000_000),
    agentVersion: shortText(40),
    /** Absent from older agents: taken as not native, so they are never offered an update. */
    build: z.enum(AGENT_BUILDS).optional(),
    platform: shortText(20),
    arch: shortText(20),
    managers: z.array(z.enum(MANAGER_NAMES)).max(MANAGER_NAMES.length),
    /** The machine's tags (`run --tag`), which device groups' rules match; absent from older agents (then none). */
    tags: z.array(z.string().max(DEVICE_TAG_MAX).regex(DEVICE_TAG_PATTERN)).max(DEVICE_TAGS_MAX).optional(),
    /** The machine's IANA time zone: update policies' windows open on its clock. Absent from older agents. */
    timeZone: shortText(64).optional(),
  }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('job.ack'), jobId: id }),
  z.object({
    type: z.literal('item.progress'),
    jobId: id,
    itemId: id,
    status: z.enum(REPORTED_ITEM_STATUSES),
    manager: z.enum(MANAGER_NAMES).nullable(),
    version: shortText(100).nullable(),
    exitCode: z.number().int().nullable(),
    /** One sentence for people: "Already installed (2.10-3)", "Not found in the apt sources". */
    message: shortText(500),
    /** The last lines of the package manager's output, for a failed app's log. */
    log: z.string().max(16_000).refine(isSafeMultiLine, 'must be text'),
    /** On final reports: their place in the job, answered by `report.ack` (older agents send none). */
    seq: reportSeq.optional(),
  }),
  /** Sent once every final report of the job is acknowledged; carries the next sequence number. */
  z.object({ type: z.literal('job.done'), jobId: id, seq: reportSeq.optional() }),
  removalPlanMessageSchema,
  /**
   * What one manager found for a `search.request`: at most SEARCH_RESULTS_MAX, each id valid for
   * that manager; `truncated` when more matched or its output was cut; `error` when it failed.
   */
  z.object({
    type: z.literal('search.results'),
    searchId: id,
    manager: z.enum(SEARCH_MANAGERS),
    results: z.array(searchResultSchema).max(SEARCH_RESULTS_MAX),
    truncated: z.boolean(),
    error: shortText(500).optional(),
  }),
  /** Every manager of the search has answered (or the search was stopped). */
  z.object({ type: z.literal('search.done'), searchId: id }),
  /** Only the requested packages found installed; 600 of them stay well under the frame limit. */
  z.object({ type: z.literal('inventory'), packages: z.array(inventoryPackageSchema).max(600) }),
  /** How the agent's update to `version` goes; a failure or a rollback says why in `message`. */
  z.object({ type: z.literal('update.status'), state: z.enum(AGENT_UPDATE_STATES), version: agentVersion, message: shortText(500) }),
]);
export type AgentMessage = z.infer<typeof agentMessageSchema>;
