import { z } from 'zod';

import {
  AGENT_UPDATE_VIEW_STATES,
  CAPABILITIES,
  DEVICE_PLATFORMS,
  DEVICE_TYPES,
  REGISTRATION_METHODS,
  type Device,
  type DEVICE_EVENT_TYPES,
} from '@shared/api/devices';
import { ErrorCode } from '@shared/api/errors';
import { REMOVABLE_AT_ONCE_MINUTES, type Plan } from '@shared/plans';
import { HOUR_MS, MINUTE_MS } from '@shared/time';

import { readJsonColumn } from '../db/json-column';
import type { DevicesTable } from '../db/schema';
import { notFound } from '../errors';
import { agentOnline } from './installation-view';

type Capability = (typeof CAPABILITIES)[number];
type Platform = (typeof DEVICE_PLATFORMS)[number];
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];

export const deviceNotFound = () => notFound('Device not found', ErrorCode.DEVICE_NOT_FOUND);

/** navigator.platform, os.platform(), user-agent fragments → one of the product's platforms (windows, macos, linux). */
export function normalizePlatform(input: string | undefined): Platform {
  const value = (input ?? '').toLowerCase();
  if (/android/.test(value)) return 'android';
  if (/iphone|ipad|ipod|\bios\b/.test(value)) return 'ios';
  if (/win/.test(value)) return 'windows';
  if (/mac|darwin|osx/.test(value)) return 'macos';
  if (/linux|x11|ubuntu|debian|fedora|cros/.test(value)) return 'linux';
  return 'unknown';
}

export const isMobilePlatform = (platform: string): boolean => platform === 'android' || platform === 'ios';

export function capabilitiesFor(deviceType: 'primary' | 'remote' | 'mobile', isAdmin: boolean): Capability[] {
  const base: Capability[] = deviceType === 'remote' ? ['receive_installations'] : ['web_access', 'receive_installations'];
  return isAdmin ? [...base, 'admin'] : base;
}

export function withAdminCapability(capabilities: string, isAdmin: boolean): string {
  const current = parseCapabilities(capabilities).filter((capability) => capability !== 'admin');
  return JSON.stringify(isAdmin ? [...current, 'admin'] : current);
}

function parseCapabilities(text: string): Capability[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((value): value is Capability => (CAPABILITIES as readonly unknown[]).includes(value)) : [];
  } catch {
    return [];
  }
}

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function connectionStatus(minutesSinceActive: number | null): Device['connection_status'] {
  if (minutesSinceActive === null) return 'offline';
  if (minutesSinceActive < 5) return 'online';
  if (minutesSinceActive < 60) return 'recently_active';
  if (minutesSinceActive < 24 * 60) return 'inactive';
  return 'offline';
}

export interface Cooldown {
  until: string;
  remainingMs: number;
  remainingMinutes: number;
}

/**
 * The plan's cooldown (72 h free, 24 h premium) running from `since`: until when it
 * lasts and how long that still is. It guards both a new device (protection period, from its
 * activation) and the account (no other deactivation within it, from the last one).
 */
export function cooldownFrom(since: string, plan: Plan, now: Date): Cooldown {
  const until = new Date(new Date(since).getTime() + plan.limits.cooldownHours * HOUR_MS);
  const remainingMs = Math.max(0, until.getTime() - now.getTime());
  return { until: until.toISOString(), remainingMs, remainingMinutes: Math.ceil(remainingMs / MINUTE_MS) };
}

/**
 * A new device's first REMOVABLE_AT_ONCE_MINUTES: it can be removed at once, and its removal
 * starts no account cooldown. The cooldown guards swapping seats among machines; removing a
 * device enrolled by mistake (the wrong machine, a second enrolment) is not a swap.
 */
export function removableAtOnce(row: Pick<DevicesTable, 'created_at'>, now: Date): Cooldown {
  const until = new Date(new Date(row.created_at).getTime() + REMOVABLE_AT_ONCE_MINUTES * MINUTE_MS);
  const remainingMs = Math.max(0, until.getTime() - now.getTime());
  return { until: until.toISOString(), remainingMs, remainingMinutes: Math.ceil(remainingMs / MINUTE_MS) };
}

/** The deactivation event's detail for such a removal: it starts no account cooldown. */
export const REMOVED_AT_ONCE = 'removed within its first hour';

/**
 * New-device protection: until when the device cannot be deactivated, and how long that still
 * is. It starts when the device's first hour (removable at once) ends.
 */
export function protection(row: Pick<DevicesTable, 'created_at'>, plan: Plan, now: Date, removable = removableAtOnce(row, now)): Cooldown {
  const guard = cooldownFrom(row.created_at, plan, now);
  return removable.remainingMs > 0 ? { ...guard, remainingMs: 0, remainingMinutes: 0 } : guard;
}

/**
 * An enrolled machine is online only while its agent is connected: enrolment and an agent
 * that went away a minute ago leave a recent last_active_at, which must not read "online".
 */
function machineConnectionStatus(row: DevicesTable, status: Device['connection_status'], now: Date): Device['connection_status'] {
  if (row.registration_method !== 'token') return status;
  if (agentOnline(row.agent_seen_at, now)) return 'online';
  return status === 'online' ? 'recently_active' : status;
}

/** How long after it happened a device still says that a second agent connected with its credential. */
const DUPLICATE_AGENT_SHOWN_MS = 7 * 24 * 60 * MINUTE_MS;

function duplicateAgent(row: DevicesTable, now: Date): Device['duplicate_agent'] {
  if (!row.duplicate_agent_at || now.getTime() - new Date(row.duplicate_agent_at).getTime() > DUPLICATE_AGENT_SHOWN_MS) return null;
  return { at: row.duplicate_agent_at, from: row.duplicate_agent_from };
}

function agentUpdate(row: DevicesTable): Device['agent_update'] {
  const state = AGENT_UPDATE_VIEW_STATES.find((known) => known === row.agent_update_state);
  if (!state || !row.agent_update_version || !row.agent_update_at) return null;
  return { state, version: row.agent_update_version, message: row.agent_update_message, at: row.agent_update_at };
}

export function toDevice(row: DevicesTable, plan: Plan, now: Date, currentDeviceId: string | null): Device {
  const minutes =
    row.last_active_at === null ? null : Math.max(0, Math.floor((now.getTime() - new Date(row.last_active_at).getTime()) / MINUTE_MS));
  const removable = removableAtOnce(row, now);
  const guard = protection(row, plan, now, removable);
  return {
    device_id: row.device_id,
    deviceId: row.device_id,
    device_name: row.device_name,
    deviceName: row.device_name,
    platform: oneOf(DEVICE_PLATFORMS, row.platform, 'unknown'),
    device_type: oneOf(DEVICE_TYPES, row.device_type, 'primary'),
    registration_method: oneOf(REGISTRATION_METHODS, row.registration_method, 'account'),
    capabilities: parseCapabilities(row.capabilities),
    is_active: row.is_active === 1,
    is_current: currentDeviceId !== null && row.device_id === currentDeviceId,
    is_admin: row.is_admin === 1,
    last_active: row.last_active_at,
    lastActive: row.last_active_at,
    created_at: row.created_at,
    connection_status: machineConnectionStatus(row, connectionStatus(minutes), now),
    minutes_since_active: minutes,
    location: row.location,
    protected_until: guard.until,
    isInCooldown: guard.remainingMs > 0,
    cooldown_remaining_minutes: guard.remainingMinutes,
    removable_minutes_left: removable.remainingMinutes,
    arch: row.arch,
    agent_version: row.agent_version,
    duplicate_agent: duplicateAgent(row, now),
    agent_update: agentUpdate(row),
  };
}

/** A remote machine enrolled with a registration token, without web access: it has an agent. */
export function isEnrolledMachine(device: Pick<DevicesTable, 'device_type' | 'registration_method' | 'capabilities'>): boolean {
  const capabilities = readJsonColumn(z.array(z.string()), device.capabilities, [] as string[]);
  return device.device_type === 'remote' && device.registration_method === 'token' && !capabilities.includes('web_access');
}
