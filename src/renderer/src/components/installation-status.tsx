import { Badge, type MantineSize } from '@mantine/core';
import {
  IconBan,
  IconCircleCheck,
  IconCircleDashed,
  IconCircleX,
  IconClock,
  IconHourglassOff,
  IconLoader2,
  IconPlayerSkipForward,
  IconPlugConnectedX,
  IconUserPause,
  type Icon,
} from '@tabler/icons-react';

import type { JobKind } from '@shared/agent/protocol';
import type { InstallationStatus, InstallationTarget, ItemStatus } from '@shared/api/installations';
import { isInstallationInProgress, isItemFailed, isItemInProgress, isItemSucceeded } from '@shared/installation-states';

export interface StatusLook {
  label: string;
  color: string;
  icon: Icon;
}

/** The whole installation: colour AND words, never colour alone (docs/decisions.md#the-interface). */
export const INSTALLATION_STATUS: Readonly<Record<InstallationStatus, StatusLook>> = {
  waiting: { label: 'Waiting', color: 'gray', icon: IconClock },
  running: { label: 'Installing', color: 'blue', icon: IconLoader2 },
  succeeded: { label: 'Succeeded', color: 'green', icon: IconCircleCheck },
  failed: { label: 'Failed', color: 'red', icon: IconCircleX },
  cancelled: { label: 'Cancelled', color: 'gray', icon: IconBan },
  expired: { label: 'Expired', color: 'orange', icon: IconHourglassOff },
};

/** One app on one device. */
export const ITEM_STATUS: Readonly<Record<ItemStatus, StatusLook>> = {
  queued: { label: 'Queued', color: 'gray', icon: IconCircleDashed },
  deferred: { label: 'Waiting for the user', color: 'violet', icon: IconUserPause },
  installing: { label: 'Installing', color: 'blue', icon: IconLoader2 },
  succeeded: { label: 'Installed', color: 'green', icon: IconCircleCheck },
  failed: { label: 'Failed', color: 'red', icon: IconCircleX },
  skipped: { label: 'Skipped', color: 'yellow', icon: IconPlayerSkipForward },
  cancelled: { label: 'Cancelled', color: 'gray', icon: IconBan },
};

/** What an update or an uninstall says where an install says "Installing" and "Installed". */
const KIND_WORDS: Readonly<Record<JobKind, { working: string; done: string }>> = {
  install: { working: 'Installing', done: 'Installed' },
  upgrade: { working: 'Updating', done: 'Updated' },
  uninstall: { working: 'Uninstalling', done: 'Uninstalled' },
};

export function installationStatusLook(status: InstallationStatus, kind: JobKind = 'install'): StatusLook {
  const look = INSTALLATION_STATUS[status];
  return isInstallationInProgress(status) ? { ...look, label: KIND_WORDS[kind].working } : look;
}

export function itemStatusLook(status: ItemStatus, kind: JobKind = 'install'): StatusLook {
  const look = ITEM_STATUS[status];
  if (isItemInProgress(status)) return { ...look, label: KIND_WORDS[kind].working };
  if (isItemSucceeded(status)) return { ...look, label: KIND_WORDS[kind].done };
  return look;
}

/** "14:02" today, "3 Jan 2026, 14:02" before. */
function seenAt(iso: string): string {
  const at = new Date(iso);
  return at.toDateString() === new Date().toDateString()
    ? at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    : at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * One device's job; a waiting job of an offline machine says so, a running one whose machine went
 * offline since when (it ends after a while, and its agent reports when it returns), a finished one whether an app failed.
 */
export function targetStatusLook(
  target: Pick<InstallationTarget, 'status' | 'deviceOnline' | 'deviceName' | 'deviceSeenAt' | 'items'> &
    Partial<Pick<InstallationTarget, 'nextStartBy'>>,
  kind: JobKind = 'install',
): StatusLook {
  switch (target.status) {
    case 'waiting':
      // Not now even on a machine that is on: at its next start or connection, until the deadline.
      if (target.nextStartBy)
        return { label: `Waits for its next start (until ${seenAt(target.nextStartBy)})`, color: 'gray', icon: IconClock };
      return target.deviceOnline
        ? { label: 'Starting', color: 'gray', icon: IconClock }
        : { label: 'Waiting for device', color: 'orange', icon: IconPlugConnectedX };
    case 'running':
      return target.deviceOnline
        ? { label: KIND_WORDS[kind].working, color: 'blue', icon: IconLoader2 }
        : {
            label: `Waiting for ${target.deviceName}${target.deviceSeenAt ? ` (offline since ${seenAt(target.deviceSeenAt)})` : ''}`,
            color: 'orange',
            icon: IconPlugConnectedX,
          };
    case 'done':
      return target.items.some((item) => isItemFailed(item.status))
        ? { label: 'Finished with failures', color: 'red', icon: IconCircleX }
        : { label: 'Done', color: 'green', icon: IconCircleCheck };
    case 'cancelled':
      return { label: 'Cancelled', color: 'gray', icon: IconBan };
    case 'expired':
      return { label: 'Expired', color: 'orange', icon: IconHourglassOff };
  }
}

/** A status as a badge: an icon, a colour and the word. */
export function StatusBadge({ look, size = 'sm' }: { look: StatusLook; size?: MantineSize }) {
  const StatusIcon = look.icon;
  return (
    // At least as wide as its words: a squeezed table column would otherwise cut them ("Succe…").
    <Badge size={size} variant="light" color={look.color} tt="none" miw="max-content" leftSection={<StatusIcon size={14} aria-hidden />}>
      {look.label}
    </Badge>
  );
}
