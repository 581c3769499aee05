import { createHash, randomBytes } from 'node:crypto';
import { hostname, arch as osArch } from 'node:os';
import * as machineIdModule from 'node-machine-id';

import { deviceSchema, enrollResponseSchema, type Device, type EnrollResponse } from '@shared/api/devices';
import { LIMITS } from '@shared/constants';

import type { AgentConfig } from './config-store';
import { describeError, errorCodeOf, messageOf } from './connection';
import { AGENT_VERSION } from './version';

/** The server answered with an error envelope: its words are shown as they are. */
export class ServerRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** The server could not be reached at all. */
export class ServerUnreachable extends Error {}

// A CommonJS module whose names Node's ESM loader cannot see: its functions are on `default` there.
const machineIdLib = (machineIdModule as unknown as { default?: typeof machineIdModule }).default ?? machineIdModule;

/**
 * node-machine-id's id, hashed: the raw id never leaves the machine. The server knows a machine
 * enrolling again by it (it takes its device over instead of a second seat). Benchmarks that
 * run several simulated machines on one host give each its own LOADOUT_AGENT_MACHINE_SEED.
 */
export async function hardwareFingerprint(): Promise<string | undefined> {
  try {
    const raw = await machineIdLib.machineId(true);
    const seed = process.env.LOADOUT_AGENT_MACHINE_SEED;
    return createHash('sha256')
      .update(seed ? `${raw}\n${seed}` : raw)
      .digest('hex');
  } catch {
    return undefined;
  }
}

export function defaultDeviceName(): string {
  return (hostname().trim() || 'Headless machine').slice(0, LIMITS.deviceNameMax);
}

export const newDeviceId = (): string => `agent-${randomBytes(10).toString('hex')}`;

async function call(server: string, path: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${server}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new ServerUnreachable(`Could not reach the server at ${server} (${describeError(error)})`);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: a proxy's page, or not a Loadout server.
  }
  if (!response.ok) {
    const message = messageOf(body) ?? `The server answered HTTP ${response.status}; is ${server} a Loadout server?`;
    throw new ServerRefused(response.status, errorCodeOf(body), message);
  }
  return body;
}

export async function enrollWithCode(input: {
  server: string;
  code: string;
  deviceId: string;
  deviceName: string;
}): Promise<EnrollResponse> {
  const body = await call(input.server, '/api/devices/enroll', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      code: input.code,
      deviceId: input.deviceId,
      deviceName: input.deviceName,
      platform: process.platform,
      arch: osArch(),
      hardwareFingerprint: await hardwareFingerprint(),
      agentVersion: AGENT_VERSION,
    }),
  });
  const parsed = enrollResponseSchema.safeParse(body);
  if (!parsed.success)
    throw new ServerRefused(200, null, `The server's answer was not a Loadout enrolment; is ${input.server} a Loadout server?`);
  return parsed.data;
}

/**
 * What a machine keeps of its enrolment: the credential and, pinned from this answer, the
 * server's release key. A machine enrolling again takes the key of its new enrolment.
 */
export function enrolledConfig(server: string, answer: EnrollResponse, options: { insecureHttp?: boolean } = {}): AgentConfig {
  return {
    server,
    deviceId: answer.device.device_id,
    deviceName: answer.device.device_name,
    credential: answer.credential,
    ...(options.insecureHttp ? { insecureHttp: true as const } : {}),
    ...(answer.releasePublicKey ? { releasePublicKey: answer.releasePublicKey } : {}),
  };
}

export async function deviceOfCredential(server: string, credential: string): Promise<Device> {
  const body = await call(server, '/api/agent/me', { headers: { authorization: `Bearer ${credential}` } });
  const parsed = deviceSchema.safeParse(body);
  if (!parsed.success) throw new ServerRefused(200, null, `The server's answer was not a Loadout device; is ${server} a Loadout server?`);
  return parsed.data;
}

/** Tells the server this machine leaves: it deactivates the device and retires the credential. */
export async function unenrollFromServer(server: string, credential: string): Promise<void> {
  await call(server, '/api/agent/unenroll', { method: 'POST', headers: { authorization: `Bearer ${credential}` } });
}
