import { z } from 'zod';

import { ErrorCode } from '@shared/api/errors';
import {
  generationAppSchema,
  generationChangeSchema,
  type Generation,
  type GenerationApp,
  type GenerationKind,
  type GenerationsResponse,
  type GenerationSummary,
  type RollbackPreview,
  type RollbackResponse,
} from '@shared/api/generations';
import { PACKAGE_ID_MANAGERS } from '@shared/api/installations';
import { isItemSucceeded } from '@shared/installation-states';

import { isoNow, type AppContext, type Caller } from '../../context';
import { readJsonColumn } from '../../db/json-column';
import { inventoryOf } from '../../db/repositories/device-agent.repository';
import {
  findGeneration,
  generationsOf,
  hasGenerationOf,
  insertGeneration,
  latestGeneration,
} from '../../db/repositories/device-generations.repository';
import { findActiveDevice } from '../../db/repositories/devices.repository';
import { findInstallationById, itemsOfTarget } from '../../db/repositories/installations.repository';
import { ownAppsOf } from '../../db/repositories/own-apps.repository';
import type { DeviceGenerationsTable, DevicesTable, InstallationTargetsTable } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { newId } from '../../security/tokens';
import { isEnrolledMachine } from '../device-view';
import type { InstallationEvents } from '../installation-events';
import { inventoryEntryOf } from '../installation-plan';
import type { InstallationService } from '../installation.service';
import type { SubscriptionService } from '../subscription.service';
import { nextGeneration, rollbackSteps } from './generation-plan';

/** Generations a machine's page lists (the newest). */
const GENERATIONS_SHOWN = 100;

const appsColumn = z.array(generationAppSchema);
const changesColumn = z.array(generationChangeSchema);
const deviceNotFound = () => notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);
const generationNotFound = () => notFound('Generation not found', ErrorCode.GENERATION_NOT_FOUND);

/**
 * A machine's generations: recorded after each job that changed something (from the apps the
 * job reported done), listed on its page, and rolled back to: the plan from what the machine has
 * now to what it had then, and, for the steps the person chose, installations that install,
 * change the version of (exactly, through the item's pinned version) or remove those apps.
 */
export class GenerationService {
  constructor(
    private readonly ctx: AppContext,
    private readonly installations: InstallationService,
    private readonly subscription: SubscriptionService,
    private readonly events: InstallationEvents,
  ) {}

  /** A job finished on the machine: its succeeded apps make the next generation (none when nothing changed). */
  async jobFinished(device: DevicesTable, target: InstallationTargetsTable): Promise<void> {
    const installation = await findInstallationById(this.ctx.db, target.installation_id);
    if (!installation || (await hasGenerationOf(this.ctx.db, device.id, installation.id))) return;
    const finished = (await itemsOfTarget(this.ctx.db, target.id))
      .filter((item) => isItemSucceeded(item.status))
      .map((item) => ({ appId: item.app_id, name: item.app_name, manager: item.manager, version: item.version }));
    if (finished.length === 0) return;
    const previous = await latestGeneration(this.ctx.db, device.id);
    const before = previous ? appsOf(previous) : await this.installedNow(device);
    const { apps, changes } = nextGeneration(before, installation.kind, finished);
    if (changes.length === 0) return;
    const kind: GenerationKind = installation.rollback_to !== null ? 'rollback' : installation.kind;
    try {
      await insertGeneration(this.ctx.db, {
        id: newId(),
        device_row_id: device.id,
        user_id: device.user_id,
        number: (previous?.number ?? 0) + 1,
        kind,
        installation_id: installation.id,
        rolled_back_to: installation.rollback_to,
        apps: JSON.stringify(apps),
        changes: JSON.stringify(changes),
        created_at: isoNow(this.ctx.clock),
      });
      // The machine's page lists its generations: it reads them again.
      await this.events.devicesChanged(device.user_id, device.device_id);
    } catch (error) {
      // Two jobs of the machine finishing at once take the same number: the second is recorded after the first.
      this.ctx.log.warn({ err: error, device: device.device_id, installationId: installation.id }, 'generation not recorded');
    }
  }

  async list(userId: string, deviceId: string): Promise<GenerationsResponse> {
    const device = await this.machine(userId, deviceId);
    const rows = await generationsOf(this.ctx.db, userId, device.id, GENERATIONS_SHOWN);
    return { deviceId: device.device_id, generations: rows.map(toSummary) };
  }

  async get(userId: string, deviceId: string, number: number): Promise<Generation> {
    const device = await this.machine(userId, deviceId);
    const row = await findGeneration(this.ctx.db, userId, device.id, number);
    if (!row) throw generationNotFound();
    return { ...toSummary(row), apps: appsOf(row) };
  }

  async preview(userId: string, deviceId: string, number: number): Promise<RollbackPreview> {
    const device = await this.machine(userId, deviceId);
    const row = await findGeneration(this.ctx.db, userId, device.id, number);
    if (!row) throw generationNotFound();
    return { deviceId: device.device_id, number, steps: rollbackSteps(await this.current(device), appsOf(row)) };
  }

  /** Runs the chosen steps of the plan (as the preview made it now): one install, one version change and one removal installation at most. */
  async rollback(caller: Caller, deviceId: string, number: number, appIds: readonly number[]): Promise<RollbackResponse> {
    const plan = await this.preview(caller.userId, deviceId, number);
    const chosen = new Set(appIds);
    const steps = plan.steps.filter((step) => chosen.has(step.appId));
    if (steps.length < chosen.size || steps.some((step) => !step.possible))
      throw conflict('Only the steps the rollback plan offers can run: look at the plan again', ErrorCode.ROLLBACK_NOT_OFFERED);
    const versions = new Map(steps.filter((step) => step.exact && step.to !== null).map((step) => [step.appId, step.to!]));
    const rollback = { to: number, versions };
    const installationIds: string[] = [];
    const installs = steps.filter((step) => step.action !== 'remove').map((step) => step.appId);
    const removals = steps.filter((step) => step.action === 'remove').map((step) => step.appId);
    if (installs.length > 0)
      installationIds.push(
        (await this.installations.create(caller, { appIds: installs, deviceIds: [deviceId], kind: 'install', rollback }, null)).id,
      );
    if (removals.length > 0)
      installationIds.push(
        (await this.installations.create(caller, { appIds: removals, deviceIds: [deviceId], kind: 'uninstall', rollback }, null)).id,
      );
    return { installationIds };
  }

  /**
   * What the machine has now, as far as Loadout knows: its latest generation, corrected by an
   * inventory reported since (an app removed or updated by hand); before any generation, its inventory.
   */
  private async current(device: DevicesTable): Promise<GenerationApp[]> {
    const latest = await latestGeneration(this.ctx.db, device.id);
    if (!latest) return this.installedNow(device);
    const apps = appsOf(latest);
    // An inventory from before the generation (or of the same moment) does not know what the job did.
    if (device.inventory_checked_at === null || device.inventory_checked_at <= latest.created_at) return apps;
    const rows = await inventoryOf(this.ctx.db, [device.id]);
    const known = new Map(
      [...(await this.ctx.catalogue.appsWithIds(apps.map((app) => app.appId))), ...(await ownAppsOf(this.ctx.db, device.user_id))].map(
        (app) => [app.id, app],
      ),
    );
    return apps.flatMap((app) => {
      const row = known.get(app.appId);
      // An app no longer in the catalogue: as the generation said.
      if (!row) return [app];
      const entry = inventoryEntryOf(row, device.platform, rows);
      return entry ? [{ ...app, manager: PACKAGE_ID_MANAGERS[entry.field], version: entry.row.installed_version }] : [];
    });
  }

  /** The apps the machine's last inventory found (catalogue and own apps), as a generation holds them. */
  private async installedNow(device: DevicesTable): Promise<GenerationApp[]> {
    const rows = await inventoryOf(this.ctx.db, [device.id]);
    const apps = [...(await this.ctx.catalogue.appsOfPackages(rows)), ...(await ownAppsOf(this.ctx.db, device.user_id))];
    const found = new Map<number, GenerationApp>();
    for (const app of apps) {
      const entry = inventoryEntryOf(app, device.platform, rows);
      if (entry && !found.has(app.id))
        found.set(app.id, {
          appId: app.id,
          name: app.name,
          manager: PACKAGE_ID_MANAGERS[entry.field],
          version: entry.row.installed_version,
        });
    }
    return [...found.values()];
  }

  private async machine(userId: string, deviceId: string): Promise<DevicesTable> {
    if (!(await this.subscription.planOf(userId)).capabilities.deviceGroups)
      throw new AppError(
        403,
        ErrorCode.PLAN_FEATURE_REQUIRED,
        'Generations and rollback are part of Annual Premium. Upgrade to roll machines back.',
      );
    const device = await findActiveDevice(this.ctx.db, userId, deviceId);
    if (!device) throw deviceNotFound();
    if (!isEnrolledMachine(device))
      throw badRequest(
        `${device.device_name} has no agent: only machines enrolled with a registration token have generations`,
        ErrorCode.DEVICE_NOT_ELIGIBLE,
      );
    return device;
  }
}

const appsOf = (row: Pick<DeviceGenerationsTable, 'apps'>): GenerationApp[] => readJsonColumn(appsColumn, row.apps, []);

function toSummary(row: DeviceGenerationsTable): GenerationSummary {
  return {
    number: row.number,
    kind: row.kind,
    installationId: row.installation_id,
    rolledBackTo: row.rolled_back_to,
    changes: readJsonColumn(changesColumn, row.changes, []),
    appCount: appsOf(row).length,
    createdAt: row.created_at,
  };
}
