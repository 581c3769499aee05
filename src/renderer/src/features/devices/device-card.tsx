import { Badge, Box, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconClockHour4, IconLoader2, IconLock, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import type { Device } from '@shared/api/devices';
import { formatLastActive } from '@shared/format';
import { HOUR_MS } from '@shared/time';

import { DeviceBadges } from '../../components/device-badges';
import { isEnrolled } from '../../lib/enrolled-machine';
import { AGENT_STATE, agentState, CONNECTION_STATUS, formatCooldown, PLATFORM_NAMES } from './device-labels';
import { DeviceNameEditor } from './device-name-editor';

interface DeviceCardProps {
  device: Device;
  /** One of its installations is running now. */
  installing?: boolean;
  /** It is the computer whose desktop window shows this screen (its agent's device). */
  thisComputer?: boolean;
  onRename: (name: string) => void;
  onDeactivate: () => void;
  /** Offered on an admin device for a browser or desktop client that is not one: makes it an admin device too. */
  onMakeAdmin?: () => void;
  /** Whether the browser or client showing the card is an admin device (only those may deactivate others). */
  viewerIsAdmin: boolean;
}

/**
 * Why Deactivate is disabled, or null when it is not: the server's own rules in its order (this
 * very device; only from an admin device; never an admin device; a new device's protection).
 */
export function deactivateBlockedReason(device: Device, viewerIsAdmin: boolean): string | null {
  if (device.is_current) return 'You cannot deactivate the device you are using';
  if (!viewerIsAdmin) return 'Only admin devices can deactivate other devices';
  if (device.is_admin) return 'Cannot deactivate admin devices';
  if (device.isInCooldown) return `New devices are protected from deactivation: ${formatCooldown(device.cooldown_remaining_minutes)} left`;
  return null;
}

/**
 * "Can be removed for the next 42 minutes": a device in its first hour may go at once (enrolled
 * by mistake); its protection starts after that. Null outside that hour and for this device.
 */
export function removableAtOnceText(device: Device): string | null {
  const minutes = device.removable_minutes_left ?? 0;
  if (device.is_current || minutes <= 0) return null;
  const text = `Can be removed for the next ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  if (!device.protected_until) return text;
  const protectedHours = Math.round((Date.parse(device.protected_until) - Date.parse(device.created_at)) / HOUR_MS);
  return `${text}, then protected for ${protectedHours}h`;
}

/** One device of the Device Management screen. */
export function DeviceCard({
  device,
  installing = false,
  thisComputer = false,
  onRename,
  onDeactivate,
  onMakeAdmin,
  viewerIsAdmin,
}: DeviceCardProps) {
  // An enrolled machine shows its agent's state; a browser its connection status.
  const enrolled = isEnrolled(device);
  const state = enrolled ? agentState(device, installing) : null;
  const status = state ? AGENT_STATE[state] : CONNECTION_STATUS[device.connection_status];
  const blocked = deactivateBlockedReason(device, viewerIsAdmin);
  const removable = removableAtOnceText(device);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={device.device_name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
          <Group gap={8} wrap="wrap">
            <DeviceNameEditor name={device.device_name} onSave={onRename} />
            {thisComputer ? (
              <Badge size="sm" variant="outline" color="teal">
                This computer
              </Badge>
            ) : null}
            <DeviceBadges device={device} size="sm" />
          </Group>
          <Group gap="xs" wrap="wrap">
            <Badge
              size="sm"
              variant="light"
              color={status.color}
              leftSection={
                state === 'installing' ? (
                  <IconLoader2 size={12} aria-hidden />
                ) : (
                  <Box w={8} h={8} bg={`${status.color}.6`} style={{ borderRadius: '50%' }} aria-hidden />
                )
              }
            >
              {enrolled ? `Agent ${status.label.toLowerCase()}` : status.label}
            </Badge>
            <Text size="sm" c="dimmed">
              {PLATFORM_NAMES[device.platform]}
              {device.arch ? ` (${device.arch})` : ''} · Last active {formatLastActive(device.last_active)}
              {device.agent_version ? ` · Agent ${device.agent_version}` : ''}
            </Text>
          </Group>
          {device.location ? (
            <Group gap={4} c="dimmed">
              <IconMapPin size={14} aria-hidden />
              <Text size="sm">{device.location}</Text>
            </Group>
          ) : null}
          {removable ? (
            <Group gap={4} c="dimmed" wrap="nowrap" align="flex-start">
              {/* On the first line of text, also when a phone wraps it to two. */}
              <IconClockHour4 size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
              <Text size="sm">{removable}</Text>
            </Group>
          ) : null}
          {device.isInCooldown ? (
            <Group gap={4} c="orange">
              <IconLock size={14} aria-hidden />
              <Text size="sm">Protected for {formatCooldown(device.cooldown_remaining_minutes)}</Text>
            </Group>
          ) : null}
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/devices/${encodeURIComponent(device.device_id)}`}
            variant="default"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            aria-label={`Details of ${device.device_name}`}
          >
            Details
          </Button>
          {onMakeAdmin ? (
            <Button variant="default" onClick={onMakeAdmin} aria-label={`Make admin device: ${device.device_name}`}>
              Make admin device
            </Button>
          ) : null}
          <Tooltip label={blocked} disabled={!blocked} withArrow multiline maw={260}>
            {/* A disabled button gets no pointer events: the wrapper shows the tooltip. */}
            <span>
              <Button color="red" variant="light" disabled={blocked !== null} onClick={onDeactivate}>
                Deactivate
              </Button>
            </span>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
