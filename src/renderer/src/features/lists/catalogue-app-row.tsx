import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import type { App } from '@shared/api/catalogue';
import { formatAppSize } from '@shared/format';

import { AppIcon } from '../../components/app-icon';
import { PackageIds } from '../../components/package-ids';
import { PlatformBadges } from '../../components/platform-badges';

interface CatalogueAppRowProps {
  app: App;
  added: boolean;
  adding: boolean;
  /** Why Add is unavailable (plan limit, read-only list), or null. */
  blockedReason: string | null;
  onAdd: () => void;
  /** More buttons beside Add (your own app's Delete). */
  actions?: ReactNode;
}

/** A catalogue app in the "Add apps" browser. */
export function CatalogueAppRow({ app, added, adding, blockedReason, onAdd, actions }: CatalogueAppRowProps) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" align="flex-start" gap="sm" py="sm" aria-label={app.name}>
      <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: 1 }}>
        <AppIcon name={app.name} src={app.icon_file_location} size={40} />
        <Stack gap={4} miw={0}>
          <Group gap={8}>
            <Text fw={600} size="sm">
              {app.name}
            </Text>
            <Text size="xs" c="dimmed">
              {[app.category_name, formatAppSize(app.file_size_kb)].filter(Boolean).join(' · ')}
            </Text>
          </Group>
          {/* An app an index brought has no description of ours: what it installs says what it is. */}
          {app.description ? (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {app.description}
            </Text>
          ) : (
            <PackageIds app={app} />
          )}
          <PlatformBadges platforms={app.platforms} size="xs" />
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {actions}
        {added ? (
          <Button
            size="xs"
            variant="light"
            color="green"
            style={{ flexShrink: 0 }}
            leftSection={<IconCheck size={14} aria-hidden />}
            disabled
            aria-label={`${app.name} added`}
          >
            Added
          </Button>
        ) : (
          <Button
            size="xs"
            style={{ flexShrink: 0 }}
            leftSection={<IconPlus size={14} aria-hidden />}
            loading={adding}
            disabled={blockedReason !== null}
            title={blockedReason ?? undefined}
            aria-label={`Add ${app.name}`}
            onClick={onAdd}
          >
            Add
          </Button>
        )}
      </Group>
    </Group>
  );
}
