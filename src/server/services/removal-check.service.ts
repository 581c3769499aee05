import { type z } from 'zod';

import { removalPlanMessageSchema, type AgentMessage, type JobItem } from '@shared/agent/protocol';
import { ErrorCode } from '@shared/api/errors';
import {
  REMOVAL_CHECK_ANSWER_MS,
  REMOVAL_CHECK_VALID_MS,
  removalCheckSchema,
  type RemovalCheck,
  type RemovalCheckStatus,
} from '@shared/api/removal-checks';
import { confirmsByName, nameConfirmed } from '@shared/removal-confirmation';
import { DAY_MS } from '@shared/time';

import { isoAfter, isoNow, type AppContext, type Caller } from '../context';
import { readJsonColumn } from '../db/json-column';
import { findAppsByIds } from '../db/repositories/catalogue.repository';
import { findActiveDevice } from '../db/repositories/devices.repository';
import {
  answerRemovalCheck,
  deleteRemovalChecksBefore,
  findRemovalCheck,
  findRemovalCheckOfDevice,
  insertRemovalCheck,
} from '../db/repositories/removal-checks.repository';
import type { DevicesTable, RemovalChecksTable } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { newId } from '../security/tokens';
import { toApp } from './catalogue.service';
import { isEnrolledMachine } from './device-view';
import { packagesOf } from './installation-plan';
import { agentOnline } from './installation-view';

type RemovalPlanMessage = Extract<AgentMessage, { type: 'removal.plan' }>;
const storedPlanSchema = removalPlanMessageSchema.omit({ type: true, checkId: true });
type StoredPlan = z.infer<typeof storedPlanSchema>;
/** The agent's answer as stored; null when there is none yet, or it cannot be read (then nothing may be removed by it). */
const storedPlan = (row: Pick<RemovalChecksTable, 'plan'>): StoredPlan | null =>
  row.plan ? readJsonColumn(storedPlanSchema, row.plan, null) : null;

/** What a confirmed check lets one uninstall remove besides the app's own package. */
export interface RemovalConsent {
  deviceRowId: string;
  appId: number;
  alsoRemove: string[];
  /** Also remove the app's settings: asked for, and offered by the check's manager. */
  purge: boolean;
}

/** What the person confirmed besides the check itself: the app's name as typed, and purge. */
export interface RemovalConfirmation {
  confirmName?: string;
  purge?: boolean;
}

const checkNotFound = () => notFound('Removal check not found', ErrorCode.REMOVAL_CHECK_NOT_FOUND);
const notConfirmed = (message: string) => conflict(message, ErrorCode.REMOVAL_NOT_CONFIRMED);

/**
 * Nothing is removed that the person did not see. Before an uninstall the web app asks the
 * device's agent, through a removal check, what the removal would take with it; the person
 * reads the whole list; the uninstall then carries exactly the packages of that answer, and
 * the agent checks the machine again before it removes anything.
 */
export class RemovalCheckService {
  constructor(private readonly ctx: AppContext) {}

  async start(caller: Caller, deviceId: string, appId: number): Promise<RemovalCheck> {
    const device = await this.machine(caller.userId, deviceId);
    if (!agentOnline(device.agent_seen_at, this.ctx.clock.now()))
      throw conflict(
        `${device.device_name} is offline: connect it to see what removing an app would take with it`,
        ErrorCode.DEVICE_OFFLINE,
      );
    return this.ask(caller.userId, device, appId);
  }

  /**
   * Asks a machine's agent what removing the app would take, online or not (a group's removal
   * asks every member at once; one that is offline stays unanswered until it is asked again).
   */
  async ask(userId: string, device: DevicesTable, appId: number): Promise<RemovalCheck> {
    const [app] = await findAppsByIds(this.ctx.db, [appId], userId);
    if (!app) throw notFound('App not found', ErrorCode.APP_NOT_FOUND);
    await deleteRemovalChecksBefore(this.ctx.db, device.id, isoAfter(this.ctx.clock, -DAY_MS));
    const row: RemovalChecksTable = {
      id: newId(),
      user_id: userId,
      device_row_id: device.id,
      app_id: appId,
      status: 'pending',
      plan: null,
      created_at: isoNow(this.ctx.clock),
      answered_at: null,
    };
    await insertRemovalCheck(this.ctx.db, row);
    await this.ctx.bus.publish({ type: 'removal.check', deviceRowId: device.id, checkId: row.id });
    return this.view(row, device, app.name);
  }

  /** A check of the user's as it stands, or null when it is gone (checks are kept a day). */
  async describe(userId: string, device: DevicesTable, checkId: string, appName: string): Promise<RemovalCheck | null> {
    const row = await findRemovalCheck(this.ctx.db, userId, device.id, checkId);
    return row ? this.view(row, device, appName) : null;
  }

  async get(caller: Caller, deviceId: string, checkId: string): Promise<RemovalCheck> {
    const device = await this.machine(caller.userId, deviceId);
    const row = await findRemovalCheck(this.ctx.db, caller.userId, device.id, checkId);
    if (!row) throw checkNotFound();
    const [app] = await findAppsByIds(this.ctx.db, [row.app_id], caller.userId);
    return this.view(row, device, app?.name ?? 'This app');
  }

  /** The `removal.check` the agent hub sends: the app's package ids, as a job would carry them. */
  async request(device: DevicesTable, checkId: string): Promise<Pick<JobItem, 'appId' | 'name' | 'packages'> | null> {
    const row = await findRemovalCheckOfDevice(this.ctx.db, device.id, checkId);
    if (!row || row.status !== 'pending') return null;
    const [app] = await findAppsByIds(this.ctx.db, [row.app_id], row.user_id);
    if (!app) return null;
    return { appId: app.id, name: app.name, packages: packagesOf(toApp(app)) };
  }

  /** The agent's answer; one for another device's check, or a second one, changes nothing. */
  async answered(device: DevicesTable, message: RemovalPlanMessage): Promise<void> {
    const { type: _type, checkId, ...plan } = message;
    await answerRemovalCheck(this.ctx.db, device.id, checkId, JSON.stringify(plan satisfies StoredPlan), isoNow(this.ctx.clock));
  }

  /**
   * What an uninstall confirmed from this check may remove: the check must be this user's,
   * for the one device and the one app being uninstalled, answered, not refused, and recent.
   */
  async consent(
    caller: Caller,
    checkId: string,
    deviceIds: readonly string[],
    appIds: readonly number[] | undefined,
    confirmation: RemovalConfirmation = {},
  ): Promise<RemovalConsent> {
    if (deviceIds.length !== 1 || appIds?.length !== 1)
      throw badRequest('A confirmed removal is for one app on one device', ErrorCode.VALIDATION_ERROR, {
        removalCheckId: 'Uninstall one app on one device with it',
      });
    const device = await this.machine(caller.userId, deviceIds[0]!);
    const row = await findRemovalCheck(this.ctx.db, caller.userId, device.id, checkId);
    if (!row || row.app_id !== appIds[0]) throw checkNotFound();
    const plan = storedPlan(row);
    if (!plan) throw notConfirmed('The machine has not said yet what removing this app would take with it');
    if (plan.refused) throw notConfirmed(plan.refused);
    if (plan.installedVersion === null) throw notConfirmed('This app is not installed on the machine');
    if (this.ctx.clock.now().getTime() - Date.parse(row.created_at) > REMOVAL_CHECK_VALID_MS)
      throw notConfirmed('What the machine said is too old: check again before removing');
    // Checked against the name of the check's own app, as the dialog showed it.
    const [app] = await findAppsByIds(this.ctx.db, [row.app_id], caller.userId);
    if (!app) throw notFound('App not found', ErrorCode.APP_NOT_FOUND);
    if (confirmsByName(plan) && !nameConfirmed(confirmation.confirmName, app.name))
      throw notConfirmed(`Removing ${app.name} takes ${plan.removes.length} packages: type the app's name to confirm it`);
    if (confirmation.purge === true && plan.purgeOffered !== true)
      throw notConfirmed(`${plan.manager ?? 'Its package manager'} cannot remove ${app.name}'s settings: uninstall it without them`);
    return {
      deviceRowId: device.id,
      appId: row.app_id,
      alsoRemove: plan.removes.map((entry) => entry.name).filter((name) => name !== plan.packageId),
      purge: confirmation.purge === true,
    };
  }

  private async machine(userId: string, deviceId: string): Promise<DevicesTable> {
    const device = await findActiveDevice(this.ctx.db, userId, deviceId);
    if (!device) throw notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
    if (!isEnrolledMachine(device))
      throw badRequest(
        `${device.device_name} has no agent to ask: only machines enrolled with a registration token remove apps`,
        ErrorCode.DEVICE_NOT_ELIGIBLE,
      );
    return device;
  }

  private view(row: RemovalChecksTable, device: DevicesTable, appName: string): RemovalCheck {
    const plan = storedPlan(row);
    const waited = this.ctx.clock.now().getTime() - Date.parse(row.created_at);
    const status: RemovalCheckStatus = plan ? 'ready' : waited > REMOVAL_CHECK_ANSWER_MS ? 'unanswered' : 'pending';
    return removalCheckSchema.parse({
      checkId: row.id,
      deviceId: device.device_id,
      appId: row.app_id,
      appName,
      status,
      manager: plan?.manager ?? null,
      packageId: plan?.packageId ?? null,
      installedVersion: plan?.installedVersion ?? null,
      // The app's own package first, then what goes with it in the manager's order.
      removes: plan ? [...plan.removes].sort((a, b) => Number(b.name === plan.packageId) - Number(a.name === plan.packageId)) : [],
      refused: plan?.refused ?? null,
      purgeOffered: plan?.purgeOffered === true,
      createdAt: row.created_at,
    });
  }
}
