import { z } from 'zod';

import { SEARCH_MANAGERS, searchResultSchema, type AgentMessage, type ServerMessage } from '@shared/agent/protocol';
import { deviceSearchSchema, type DeviceSearch, type DeviceSearchStatus, type ManagerSearchView } from '@shared/api/device-searches';
import { ErrorCode } from '@shared/api/errors';
import { SEARCH_EXPIRY_MS } from '@shared/machine-search';
import { PACKAGE_MANAGERS } from '@shared/package-managers';
import { DAY_MS } from '@shared/time';

import { isoAfter, isoNow, type AppContext, type Caller } from '../context';
import { readJsonColumn } from '../db/json-column';
import {
  addDeviceSearchResults,
  findDeviceSearch,
  findDeviceSearchOfDevice,
  findDeviceSearchResults,
  finishDeviceSearch,
  startDeviceSearch,
} from '../db/repositories/device-searches.repository';
import { findActiveDevice } from '../db/repositories/devices.repository';
import type { DeviceSearchesTable, DevicesTable } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { RateLimiter } from '../security/rate-limiter';
import { newId } from '../security/tokens';
import { isEnrolledMachine } from './device-view';
import { agentOnline } from './installation-view';

type SearchResultsMessage = Extract<AgentMessage, { type: 'search.results' }>;
type SearchManager = (typeof SEARCH_MANAGERS)[number];

/** Searches one person may start on one device per minute: typing and retyping, not a scraper. */
export const SEARCHES_PER_DEVICE_PER_MINUTE = 12;
const MINUTE_MS = 60_000;
/** The managers a machine can search (`simulated` stands in for the platform's and searches nothing). */
const SEARCHABLE = new Set<string>(PACKAGE_MANAGERS.map((manager) => manager.name));

const searchNotFound = () => notFound('Search not found', ErrorCode.DEVICE_SEARCH_NOT_FOUND);

/**
 * Searching a machine (docs/decisions.md, "Searching a machine"): the person's query goes to the
 * device's agent over the event bus, whichever process holds its connection; each manager's
 * answer is kept in the database as it arrives, so any process answers the web app's reads.
 * One search at a time per device (a new one supersedes the running one), over after
 * SEARCH_EXPIRY_MS, rate limited per device, and only ever the device owner's.
 */
export class DeviceSearchService {
  constructor(
    private readonly ctx: AppContext,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async start(caller: Caller, deviceId: string, query: string): Promise<DeviceSearch> {
    const device = await this.machine(caller.userId, deviceId);
    if (!agentOnline(device.agent_seen_at, this.ctx.clock.now()))
      throw conflict(`${device.device_name} is offline: connect it to search its package managers`, ErrorCode.DEVICE_OFFLINE);
    await this.rateLimiter.hit(
      `device-search:device:${device.id}`,
      { limit: SEARCHES_PER_DEVICE_PER_MINUTE, windowMs: MINUTE_MS },
      `${device.device_name} was asked to search many times in a minute: wait a moment and search again.`,
    );
    const row: DeviceSearchesTable = {
      id: newId(),
      user_id: caller.userId,
      device_row_id: device.id,
      query,
      status: 'searching',
      managers: JSON.stringify(searchableManagers(device.managers)),
      created_at: isoNow(this.ctx.clock),
      finished_at: null,
    };
    await startDeviceSearch(this.ctx.db, row, isoAfter(this.ctx.clock, -DAY_MS));
    await this.ctx.bus.publish({ type: 'device.search', deviceRowId: device.id, searchId: row.id });
    return this.view(row, device);
  }

  async get(caller: Caller, deviceId: string, searchId: string): Promise<DeviceSearch> {
    const device = await this.machine(caller.userId, deviceId);
    const row = await findDeviceSearch(this.ctx.db, caller.userId, device.id, searchId);
    if (!row) throw searchNotFound();
    return this.view(row, device);
  }

  /** The `search.request` the agent hub sends; null when the search is no longer running. */
  async request(device: DevicesTable, searchId: string): Promise<Extract<ServerMessage, { type: 'search.request' }> | null> {
    const row = await findDeviceSearchOfDevice(this.ctx.db, device.id, searchId);
    if (!row || row.status !== 'searching' || this.expired(row)) return null;
    return { type: 'search.request', searchId: row.id, query: row.query };
  }

  /** One manager's answer; for another device's search, a finished one, or a second time, it changes nothing. */
  async results(device: DevicesTable, message: SearchResultsMessage): Promise<void> {
    await addDeviceSearchResults(
      this.ctx.db,
      device.id,
      {
        search_id: message.searchId,
        manager: message.manager,
        results: JSON.stringify(message.results),
        truncated: message.truncated ? 1 : 0,
        error: message.error ?? null,
        created_at: isoNow(this.ctx.clock),
      },
      isoAfter(this.ctx.clock, -SEARCH_EXPIRY_MS),
    );
  }

  async done(device: DevicesTable, searchId: string): Promise<void> {
    await finishDeviceSearch(this.ctx.db, device.id, searchId, isoNow(this.ctx.clock), isoAfter(this.ctx.clock, -SEARCH_EXPIRY_MS));
  }

  private async machine(userId: string, deviceId: string): Promise<DevicesTable> {
    const device = await findActiveDevice(this.ctx.db, userId, deviceId);
    if (!device) throw notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
    if (!isEnrolledMachine(device))
      throw badRequest(
        `${device.device_name} has no agent to ask: only machines enrolled with a registration token can be searched`,
        ErrorCode.DEVICE_NOT_ELIGIBLE,
      );
    return device;
  }

  private expired(row: DeviceSearchesTable): boolean {
    return this.ctx.clock.now().getTime() - Date.parse(row.created_at) > SEARCH_EXPIRY_MS;
  }

  private async view(row: DeviceSearchesTable, device: DevicesTable): Promise<DeviceSearch> {
    const answers = new Map((await findDeviceSearchResults(this.ctx.db, row.id)).map((answer) => [answer.manager, answer]));
    const status: DeviceSearchStatus = row.status === 'searching' && this.expired(row) ? 'expired' : row.status;
    const expected: SearchManager[] = readJsonColumn(z.array(z.enum(SEARCH_MANAGERS)), row.managers, []);
    // A manager that answered without having been named (an agent updated since) is shown too.
    const names = [
      ...expected,
      ...[...answers.keys()].filter((name): name is SearchManager => SEARCHABLE.has(name) && !expected.includes(name as SearchManager)),
    ];
    const managers = names.map((manager): ManagerSearchView => {
      const answer = answers.get(manager);
      if (!answer)
        return { manager, status: status === 'searching' ? 'searching' : 'unanswered', results: [], truncated: false, error: null };
      return {
        manager,
        status: 'done',
        results: readJsonColumn(z.array(searchResultSchema), answer.results, []),
        truncated: answer.truncated === 1,
        error: answer.error,
      };
    });
    return deviceSearchSchema.parse({
      searchId: row.id,
      deviceId: device.device_id,
      query: row.query,
      status,
      managers,
      createdAt: row.created_at,
    });
  }
}

/** The device's managers a search asks, from its agent's hello. */
function searchableManagers(stored: string | null): SearchManager[] {
  let names: unknown = [];
  try {
    names = stored ? JSON.parse(stored) : [];
  } catch {
    names = [];
  }
  return Array.isArray(names) ? names.filter((name): name is SearchManager => typeof name === 'string' && SEARCHABLE.has(name)) : [];
}
