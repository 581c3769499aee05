import type { CreateApiKeyResponse } from '@shared/api/api-keys';
import type { App } from '@shared/api/catalogue';
import type { Group } from '@shared/api/device-groups';
import type { Device, DeviceToken } from '@shared/api/devices';
import type { Installation } from '@shared/api/installations';
import type { ListDetail } from '@shared/api/lists';
import type { OwnApp } from '@shared/api/own-apps';
import type { Sharing } from '@shared/api/shared-lists';
import type { UpdatePolicy } from '@shared/api/update-policies';
import type { WebhookEndpoint, WebhookWithSecret } from '@shared/api/webhooks';

import { insertGeneration } from '../../../src/server/db/repositories/device-generations.repository';
import { startDeviceSearch } from '../../../src/server/db/repositories/device-searches.repository';
import { insertRemoval, setRemovalCheck } from '../../../src/server/db/repositories/group-removals.repository';
import { insertRemovalCheck } from '../../../src/server/db/repositories/removal-checks.repository';
import { insertDeliveries } from '../../../src/server/db/repositories/webhooks.repository';
import { newId } from '../../../src/server/security/tokens';
import { devicesOf, enroll, newDeviceId, type Browser } from './devices';
import { registerUser } from './factories';
import { listsOf, setPlan } from './lists';
import type { TestApp } from './test-app';

/** A user with one of each resource: a list holding an app, a registration token, an enrolled machine. */
export interface Owner {
  browser: Browser;
  /** Holds the app the owner was made with; shared by link (unlisted). */
  list: ListDetail;
  /** The list's share id. */
  shareId: string;
  token: DeviceToken;
  enrolled: Device;
  /** The enrolled machine's credential (its bearer token for /api/agent/*). */
  credential: string;
  /** The list installed onto the enrolled machine. */
  installation: Installation;
  /** A personal API key (premium). */
  apiKey: CreateApiKeyResponse;
  /** An update policy of the enrolled machine (premium). */
  policy: UpdatePolicy;
  /** A removal check of the app on the enrolled machine (stored as the agent would have answered it). */
  removalCheckId: string;
  /** One of the owner's own apps (not in the list: the list's reorder example names its one app). */
  ownApp: OwnApp;
  /** Another own app, for the admin to promote (promoting the first would leave it no longer the owner's). */
  promotableApp: OwnApp;
  /** A search of the enrolled machine (stored as the server keeps one). */
  searchId: string;
  /** A device group holding the list and the enrolled machine (annual premium). */
  group: Group;
  /**
   * A removal the group offers of an app not in its lists (the owner's own app: one the group
   * declared again would be closed as kept), whose machine's agent refused: confirming it is
   * refused on the merits.
   */
  groupRemovalId: string;
  /** A webhook endpoint (premium; a public address, so it is saved without DNS) … */
  webhook: WebhookEndpoint;
  /** … and one delivery of it (stored as the server keeps one; nothing is sent). */
  webhookDeliveryId: string;
  /** A stopped rollout of the machine's policy (stored as the runner leaves one; annual premium). */
  rolloutId: string;
}

/** Signs up, registers this browser as a device, and makes one of each resource (annual premium, for the seats and the groups). */
export async function ownerOfEverything(t: TestApp, app: App, label = 'Owner'): Promise<Owner> {
  const user = await registerUser(t.api, { firstName: label });
  await setPlan(t, user.user.id, 'annual-premium');
  const browser: Browser = { token: user.token, deviceId: newDeviceId(), user };
  const devices = devicesOf(t, browser);
  const registered = await devices.register(`${label} laptop`);
  if (registered.status !== 200) throw new Error(`device registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);

  const lists = listsOf(t, browser.token);
  const created = await lists.create(`${label}'s tools`);
  if (created.status !== 201) throw new Error(`list creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  const added = await lists.add(created.body.id, app.app_id);
  if (added.status !== 201) throw new Error(`adding an app failed: ${added.status} ${JSON.stringify(added.body)}`);

  const ownApp = await t.api.post<OwnApp>(
    '/api/own-apps',
    { name: `${label}'s tool`, apt_package: `${label.toLowerCase()}-tool` },
    browser.token,
  );
  const promotableApp = await t.api.post<OwnApp>(
    '/api/own-apps',
    { name: `${label}'s gem`, apt_package: `${label.toLowerCase()}-gem` },
    browser.token,
  );
  if (ownApp.status !== 201 || promotableApp.status !== 201)
    throw new Error(`own app creation failed: ${ownApp.status} ${JSON.stringify(ownApp.body)}`);
  const shared = await t.api.put<Sharing>(`/api/lists/${created.body.id}/sharing`, { visibility: 'unlisted' }, browser.token);
  if (shared.status !== 200 || !shared.body.shareId) throw new Error(`sharing failed: ${shared.status} ${JSON.stringify(shared.body)}`);

  // Two uses: one enrols the machine below, the other keeps the token listed.
  const token = await devices.createToken(2);
  if (token.status !== 201) throw new Error(`token creation failed: ${token.status} ${JSON.stringify(token.body)}`);
  const enrolled = await enroll(t, token.body.token.code, { deviceName: `${label} build server` });
  if (enrolled.status !== 201) throw new Error(`enrolment failed: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);

  const installation = await t.api.post<Installation>(
    '/api/installations',
    { listId: created.body.id, deviceIds: [enrolled.body.device.device_id] },
    browser.token,
  );
  if (installation.status !== 201) throw new Error(`installation failed: ${installation.status} ${JSON.stringify(installation.body)}`);

  const apiKey = await t.api.post<CreateApiKeyResponse>('/api/api-keys', { name: `${label}'s script` }, browser.token);
  if (apiKey.status !== 201) throw new Error(`API key creation failed: ${apiKey.status} ${JSON.stringify(apiKey.body)}`);

  const policy = await t.api.post<UpdatePolicy>(
    '/api/update-policies',
    { deviceId: enrolled.body.device.device_id, cadence: 'daily', time: '03:00', timeZone: 'UTC' },
    browser.token,
  );
  if (policy.status !== 201) throw new Error(`policy creation failed: ${policy.status} ${JSON.stringify(policy.body)}`);

  // Asking needs the agent online; the row is what the question and its answer leave behind.
  const device = await t.app.ctx.db
    .selectFrom('devices')
    .select('id')
    .where('device_id', '=', enrolled.body.device.device_id)
    .executeTakeFirstOrThrow();
  const removalCheckId = newId();
  await insertRemovalCheck(t.app.ctx.db, {
    id: removalCheckId,
    user_id: user.user.id,
    device_row_id: device.id,
    app_id: app.app_id,
    status: 'answered',
    plan: JSON.stringify({ manager: 'apt', packageId: 'x', installedVersion: '1', removes: [{ name: 'x', version: '1' }], refused: null }),
    created_at: t.clock.now().toISOString(),
    answered_at: t.clock.now().toISOString(),
  });

  const searchId = newId();
  const now = t.clock.now().toISOString();
  await startDeviceSearch(
    t.app.ctx.db,
    {
      id: searchId,
      user_id: user.user.id,
      device_row_id: device.id,
      query: 'firefox',
      status: 'done',
      managers: '["apt"]',
      created_at: now,
      finished_at: now,
    },
    now,
  );

  // A generation, as a finished job of the machine leaves one (its app at 1.0).
  await insertGeneration(t.app.ctx.db, {
    id: newId(),
    device_row_id: device.id,
    user_id: user.user.id,
    number: 1,
    kind: 'install',
    installation_id: installation.body.id,
    rolled_back_to: null,
    apps: JSON.stringify([{ appId: app.app_id, name: app.name, manager: 'apt', version: '1.0' }]),
    changes: JSON.stringify([{ appId: app.app_id, name: app.name, from: null, to: '1.0' }]),
    created_at: now,
  });

  const group = await t.api.post<Group>('/api/groups', { name: `${label}'s desks` }, browser.token);
  if (group.status !== 201) throw new Error(`group creation failed: ${group.status} ${JSON.stringify(group.body)}`);
  for (const path of [`members/${enrolled.body.device.device_id}`, `lists/${created.body.id}`]) {
    const joined = await t.api.put(`/api/groups/${group.body.id}/${path}`, undefined, browser.token);
    if (joined.status !== 200) throw new Error(`group ${path} failed: ${joined.status} ${JSON.stringify(joined.body)}`);
  }

  const groupRemovalId = newId();
  const refusedCheckId = newId();
  await insertRemovalCheck(t.app.ctx.db, {
    id: refusedCheckId,
    user_id: user.user.id,
    device_row_id: device.id,
    app_id: ownApp.body.app_id,
    status: 'answered',
    plan: JSON.stringify({ manager: 'apt', packageId: 'x', installedVersion: '1', removes: [], refused: 'Not this one' }),
    created_at: now,
    answered_at: now,
  });
  await insertRemoval(t.app.ctx.db, {
    id: groupRemovalId,
    user_id: user.user.id,
    group_id: group.body.id,
    app_id: ownApp.body.app_id,
    status: 'open',
    created_at: now,
    decided_at: null,
  });
  await setRemovalCheck(t.app.ctx.db, groupRemovalId, device.id, refusedCheckId);

  const webhook = await t.api.post<WebhookWithSecret>(
    '/api/webhooks',
    { url: 'https://93.184.216.34/loadout', events: ['installation.finished'] },
    browser.token,
  );
  if (webhook.status !== 201) throw new Error(`webhook creation failed: ${webhook.status} ${JSON.stringify(webhook.body)}`);
  const webhookDeliveryId = `dlv_${label.toLowerCase()}_${newDeviceId().slice(0, 12)}`;
  await insertDeliveries(t.app.ctx.db, [
    {
      id: webhookDeliveryId,
      endpoint_id: webhook.body.endpoint.id,
      user_id: browser.user.user.id,
      event_id: `evt_${webhookDeliveryId}`,
      event_type: 'ping',
      payload: '{}',
      status: 'succeeded',
      attempts: 1,
      next_attempt_at: null,
      response_status: 200,
      replay_of: null,
      created_at: now,
    },
  ]);

  const rolloutId = newId();
  await t.app.ctx.db
    .insertInto('policy_rollouts')
    .values({
      id: rolloutId,
      policy_id: policy.body.id,
      user_id: browser.user.user.id,
      app_id: app.app_id,
      version: '2.0',
      state: 'stopped',
      ring: 0,
      ring_opened_at: now,
      opened: JSON.stringify([now]),
      stopped_reason: '1 of 1 updates in Canary failed (100 %, more than 20 %)',
      created_at: now,
      updated_at: now,
    })
    .execute();

  return {
    rolloutId,
    groupRemovalId,
    webhook: webhook.body.endpoint,
    webhookDeliveryId,
    group: group.body,
    removalCheckId,
    searchId,
    browser,
    list: created.body,
    shareId: shared.body.shareId,
    token: token.body.token,
    enrolled: enrolled.body.device,
    credential: enrolled.body.credential,
    installation: installation.body,
    apiKey: apiKey.body,
    policy: policy.body,
    ownApp: ownApp.body,
    promotableApp: promotableApp.body,
  };
}

/**
 * Which of the owner's ids a path's `{id}` names, by the path's first segments; undefined for a
 * path this table does not know (a new route): callers decide what that means.
 */
export function ownIdFor(path: string, owner: Owner, app: App, parameter = 'id'): string | number | undefined {
  if (parameter === 'appId') return app.app_id;
  if (parameter === 'itemId') return owner.installation.targets[0]?.items[0]?.itemId;
  if (parameter === 'platform') return 'linux';
  if (parameter === 'arch') return 'x64';
  if (parameter === 'deviceId') return owner.enrolled.device_id;
  if (parameter === 'checkId') return owner.removalCheckId;
  if (parameter === 'shareId') return owner.shareId;
  if (parameter === 'searchId') return owner.searchId;
  if (parameter === 'listId') return owner.list.id;
  if (parameter === 'deliveryId') return owner.webhookDeliveryId;
  if (parameter === 'removalId') return owner.groupRemovalId;
  // The enrolled machine's first generation.
  if (parameter === 'number') return 1;
  const table: [RegExp, string | number][] = [
    [/^\/api\/installations\//, owner.installation.id],
    [/^\/api\/lists\//, owner.list.id],
    [/^\/api\/devices\//, owner.enrolled.device_id],
    [/^\/api\/device-tokens\//, owner.token.id],
    [/^\/api\/api-keys\//, owner.apiKey.id],
    [/^\/api\/update-policies\//, owner.policy.id],
    [/^\/api\/rollouts\//, owner.rolloutId],
    [/^\/api\/groups\//, owner.group.id],
    [/^\/api\/webhooks\//, owner.webhook.id],
    [/^\/api\/own-apps\//, owner.ownApp.app_id],
    [/^\/api\/admin\/own-apps\//, owner.promotableApp.app_id],
    [/^\/api\/admin\/users\//, owner.browser.user.user.id],
    [/^\/catalogue\/(apps|icons)\//, app.app_id],
    [/^\/catalogue\/categories\//, app.category],
  ];
  return table.find(([pattern]) => pattern.test(path))?.[1];
}
