import { List, Text } from '@mantine/core';

import { PLATFORMS } from '@shared/api/catalogue';

import type { ListItem } from '../../api/lists';
import { PLATFORM_LABELS } from '../../components/platform-badges';

/**
 * Which apps of the list cannot go to which platform, in words: a device gets
 * only the apps its package managers know.
 */
export function PlatformCoverage({ items }: { items: ListItem[] }) {
  if (items.length === 0) return null;
  return (
    <List size="xs" spacing={2} c="dimmed" aria-label="Platform coverage">
      {PLATFORMS.map((platform) => {
        const missing = items.filter((item) => !item.platforms.includes(platform));
        const label = PLATFORM_LABELS[platform];
        return (
          <List.Item key={platform}>
            {missing.length === 0 ? (
              <Text span size="xs">
                {label}: {items.length === 1 ? 'available' : `all ${items.length} apps`}
              </Text>
            ) : (
              <Text span size="xs">
                {label}: {items.length - missing.length} of {items.length} {items.length === 1 ? 'app' : 'apps'} — not available:{' '}
                {missing.map((item) => item.name).join(', ')}
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}
