import { Badge, Group, Text } from '@mantine/core';

import { PLATFORMS, type Platform } from '@shared/api/catalogue';

export const PLATFORM_LABELS: Readonly<Record<Platform, string>> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
};

/**
 * Where an app installs, as words (never colour alone). Platforms the app does not
 * reach are left out; none at all says so.
 */
export function PlatformBadges({ platforms, size = 'sm' }: { platforms: readonly Platform[]; size?: 'xs' | 'sm' }) {
  if (platforms.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No package for any platform
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap" aria-label={`Installs on ${platforms.map((p) => PLATFORM_LABELS[p]).join(', ')}`}>
      {PLATFORMS.filter((platform) => platforms.includes(platform)).map((platform) => (
        <Badge key={platform} size={size} variant="light" color="gray" radius="sm" tt="none">
          {PLATFORM_LABELS[platform]}
        </Badge>
      ))}
    </Group>
  );
}
