import type { LightMyRequestResponse } from 'fastify';

import type { App, Category } from '@shared/api/catalogue';
import { ErrorCode, errorResponseSchema } from '@shared/api/errors';

import { createApp, createCategory, smallPng } from './catalogue';
import { devicesOf, newDeviceId, type Browser } from './devices';
import { registerUser, type RegisteredUser, type SessionBody } from './factories';
import { FakeGoogle } from './fake-google';
import { describePayload, shorten, type FuzzBody } from './fuzz';
import { ownerOfEverything, ownIdFor, type Owner } from './resources';
import { operationsOf, type Operation } from './routes';
import type { FuzzContext } from './schema-values';
import { createTestApp, type TestApp } from './test-app';

/**
 * Who sends it. `impostor`: the owner signed in again in a browser that never registered (the
 * same account, no device of its own), as a script with a stolen password or token would be.
 */
export type Caller = 'user' | 'admin' | 'machine' | 'no one' | 'forged' | 'impostor';

/** One request to one operation, as the fuzz tests describe it. */
export interface FuzzRequest {
  caller: Caller;
  /** The Authorization header when the caller is 'forged'. */
  forged: string;
  /** Raw path segments, in the order of the path's parameters (already %-encoded, or deliberately not). */
  segments: string[];
  /** `?…` or ''. */
  query: string;
  body: FuzzBody;
  deviceHeader: string | null;
}

const ERROR_CODES: readonly string[] = Object.values(ErrorCode);

/** Who the operation is for: an admin, the agent on an enrolled machine, a signed-in user, anyone. */
export function usualCaller(operation: Operation): Caller {
  return operation.adminOnly ? 'admin' : operation.tags.includes('agent') ? 'machine' : operation.secured ? 'user' : 'no one';
}

/** One seed per operation, from the run's seed and its name: adding a route does not change the others' inputs. */
export function seedOf(seed: number, operation: Operation): number {
  let hash = seed | 0;
  for (const character of operation.key) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

/**
 * The app under fuzzing and the rows it holds: an admin with a catalogue app, and an owner
 * of one of each resource whose ids the fuzzer uses. Google sign-in is configured against a
 * loopback stand-in, so that its route is fuzzed past "unavailable". createTestApp already
 * raised the auth rate limits: the fuzzing exercises validation, not 429s.
 */
export class FuzzWorld {
  private constructor(
    readonly t: TestApp,
    private readonly google: FakeGoogle,
    readonly operations: Operation[],
    private readonly admin: RegisteredUser,
    private readonly adminDevice: string,
    private readonly category: Category,
    private app: App,
    private owner: Owner,
    readonly png: Buffer,
    private readonly idToken: string,
  ) {}

  static async create(): Promise<FuzzWorld> {
    const google = await new FakeGoogle().start();
    const t = await createTestApp({ env: google.env() });
    // The first account is the admin.
    const admin = await registerUser(t.api, { firstName: 'Admin' });
    const adminBrowser: Browser = { token: admin.token, deviceId: newDeviceId(), user: admin };
    await devicesOf(t, adminBrowser).register('Admin desktop');
    const category = await createCategory(t.api, admin.token, 'Fuzzed');
    const app = await createApp(t.api, admin.token, { name: 'Fuzz target', category: category.category_id });
    const owner = await ownerOfEverything(t, app, 'Fuzzy');
    const idToken = await google.idToken({ sub: 'fuzz-google-1', email: 'fuzz-google@example.com' }, { now: t.clock.now() });
    return new FuzzWorld(t, google, operationsOf(t.app), admin, adminBrowser.deviceId, category, app, owner, await smallPng(), idToken);
  }

  async close(): Promise<void> {
    await this.t.close();
    await this.google.stop();
  }

  get ownDevice(): string {
    return this.owner.browser.deviceId;
  }

  /** The owner's registered browser and enrolled machine: what an impostor names in X-Device-ID. */
  get ownDevices(): string[] {
    return [this.owner.browser.deviceId, this.owner.enrolled.device_id];
  }

  /** Each of the owner's devices as `id active admin`, read by the owner's own session. */
  async deviceStates(): Promise<string[]> {
    const { owner } = this;
    const res = await this.t.api.get<{ devices: { device_id: string; is_active: boolean; is_admin: boolean }[] }>(
      '/api/devices',
      owner.browser.token,
      { 'x-device-id': owner.browser.deviceId },
    );
    return res.body.devices.map((device) => `${device.device_id} ${device.is_active} ${device.is_admin}`).sort();
  }

  /** Real values by field name: the id this path takes (now and then another kind), real codes and tokens. */
  context(operation: Operation): FuzzContext {
    const { owner, app, category } = this;
    const ids = [
      owner.list.id,
      owner.browser.deviceId,
      owner.enrolled.device_id,
      owner.token.id,
      owner.browser.user.user.id,
      app.app_id,
      category.category_id,
    ];
    const own = ownIdFor(operation.path, owner, app);
    return {
      known: {
        id: own === undefined ? ids : [own, own, own, ...ids],
        appId: [app.app_id],
        appIds: [app.app_id],
        category: [category.category_id],
        category_id: [category.category_id],
        deviceId: [owner.browser.deviceId, owner.enrolled.device_id],
        code: [owner.token.code],
        refreshToken: [owner.browser.user.refreshToken],
        email: [owner.browser.user.email],
        id_token: [this.idToken],
      },
      files: [this.png],
    };
  }

  urlOf(operation: Operation, request: FuzzRequest): string {
    let index = 0;
    return operation.path.replace(/\{\w+\}/g, () => request.segments[index++] ?? '') + request.query;
  }

  /** Sends the request; throws with the whole exchange when the answer breaks a rule. */
  async send(operation: Operation, request: FuzzRequest): Promise<void> {
    const headers: Record<string, string> = {};
    const authorization = this.authorization(request);
    if (authorization !== undefined) headers.authorization = authorization;
    if (request.deviceHeader !== null) headers['x-device-id'] = request.deviceHeader;
    if (request.body.contentType !== undefined) headers['content-type'] = request.body.contentType;
    const started = performance.now();
    const response = await this.t.app.inject({
      method: operation.method,
      url: this.urlOf(operation, request),
      headers,
      payload: request.body.payload,
    });
    const problems = problemsWith(response, performance.now() - started);
    if (problems.length > 0) throw new Error(`${problems.join(', ')}\n${this.describe(operation, request, response)}`);
  }

  /**
   * Puts back what earlier fuzzing ended or deleted (a logout, a deactivation, a deleted list,
   * token or app), so that every operation meets live sessions and real rows.
   */
  async restore(): Promise<void> {
    const { t, admin } = this;
    if ((await t.api.get('/api/auth/verify', admin.token)).status !== 200) {
      const session = await t.api.post<SessionBody>('/api/auth/login', { email: admin.email, password: admin.password }, null, {
        'x-device-id': this.adminDevice,
      });
      Object.assign(admin, session.body);
    }
    if ((await t.api.get(`/catalogue/apps/${this.app.app_id}`)).status !== 200) {
      this.app = await createApp(t.api, admin.token, { name: `Fuzz target ${this.app.app_id}`, category: this.category.category_id });
    }
    const { owner, app } = this;
    const headers = { 'x-device-id': owner.browser.deviceId };
    const [items, tokens, devices, machine] = await Promise.all([
      t.api.get<{ items?: { app_id: number }[] }>(`/api/lists/${owner.list.id}/items`, owner.browser.token, headers),
      t.api.get<{ tokens?: { id: string }[] }>('/api/tokens', owner.browser.token, headers),
      t.api.get<{ devices?: { device_id: string; is_active: boolean }[] }>('/api/devices', owner.browser.token, headers),
      t.api.get('/api/agent/me', owner.credential),
    ]);
    const intact =
      items.body.items?.some((item) => item.app_id === app.app_id) &&
      tokens.body.tokens?.some((token) => token.id === owner.token.id) &&
      [owner.browser.deviceId, owner.enrolled.device_id].every((id) =>
        devices.body.devices?.some((device) => device.device_id === id && device.is_active),
      ) &&
      machine.status === 200;
    if (!intact) this.owner = await ownerOfEverything(t, app, 'Fuzzy');
    // A sign-in of the owner without any device: the impostor of the device-identity sweep (again
    // only when fuzzing ended it, since sign-ins are rate-limited per address).
    const current = this.impostor;
    const stale = current === null || current.user.id !== this.owner.browser.user.user.id;
    if (stale || (await t.api.get('/api/auth/verify', current.token)).status !== 200) {
      const { email, password } = this.owner.browser.user;
      const session = await t.api.post<SessionBody>('/api/auth/login', { email, password });
      if (session.status !== 200) throw new Error(`the impostor could not sign in: ${session.status} ${JSON.stringify(session.body)}`);
      this.impostor = session.body;
    }
  }

  private impostor: SessionBody | null = null;

  private authorization(request: FuzzRequest): string | undefined {
    switch (request.caller) {
      case 'user':
        return `Bearer ${this.owner.browser.token}`;
      case 'admin':
        return `Bearer ${this.admin.token}`;
      case 'machine':
        return `Bearer ${this.owner.credential}`;
      case 'forged':
        return request.forged;
      case 'impostor':
        return `Bearer ${this.impostor?.token ?? ''}`;
      case 'no one':
        return undefined;
    }
  }

  private describe(operation: Operation, request: FuzzRequest, response: LightMyRequestResponse): string {
    const payload = request.body.payload === undefined ? '(none)' : describePayload(request.body.payload.toString());
    return [
      `${operation.method} ${shorten(this.urlOf(operation, request))}`,
      `  as ${request.caller}${request.caller === 'forged' ? ` (${shorten(request.forged, 60)})` : ''}, X-Device-ID ${JSON.stringify(request.deviceHeader)}`,
      `  body: ${request.body.label}; content-type ${JSON.stringify(request.body.contentType ?? null)}; ${payload}`,
      `  answer: ${response.statusCode} ${shorten(response.body)}`,
    ].join('\n');
  }
}

/** What every answer must be, whatever was sent. */
function problemsWith(response: LightMyRequestResponse, milliseconds: number): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`a ${response.statusCode}`);
  if (!response.headers['content-security-policy']) problems.push('no Content-Security-Policy');
  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (response.statusCode >= 400 && response.statusCode < 500) {
    let envelope: ReturnType<typeof errorResponseSchema.safeParse> | null = null;
    try {
      envelope = errorResponseSchema.safeParse(JSON.parse(response.body));
    } catch {
      problems.push('a 4xx body that is not JSON');
    }
    if (envelope && !envelope.success) problems.push('a 4xx without the {code, message} envelope');
    if (envelope?.success && !ERROR_CODES.includes(envelope.data.code)) problems.push(`an unknown error code ${envelope.data.code}`);
  }
  if (milliseconds >= 1000) problems.push(`an answer after ${Math.round(milliseconds)} ms`);
  return problems;
}
