import { Badge, Button, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowUpCircle, IconPin, IconTrash } from '@tabler/icons-react';

import { UnbrokenWords } from '../../components/unbroken-words';
import { HeldUpdateNote } from './held-update';
import type { InventoryApp } from './uninstall-app-modal';

interface InventoryTableProps {
  apps: InventoryApp[];
  /** Which app's action is being started ("upgrade:12", "retry:12"), so only its button spins. */
  pending: string | null;
  onUpdate: (app: InventoryApp) => void;
  /** "Try the update again" of an update that did not take. */
  onRetry: (app: InventoryApp) => void;
  onUninstall: (app: InventoryApp) => void;
}

export const appKey = (app: InventoryApp) => `${app.appId}-${app.manager}`;

function NewerVersion({ app }: { app: InventoryApp }) {
  if (!app.availableVersion) {
    return (
      <Text size="sm" c="dimmed">
        Up to date
      </Text>
    );
  }
  return (
    <Badge variant="light" color="orange" tt="none" miw="max-content" leftSection={<IconArrowUpCircle size={12} aria-hidden />}>
      {app.availableVersion} available
    </Badge>
  );
}

/** An update that did not take, with Try the update again; otherwise the newer version, if any. */
function NewerOrHeld({ app, pending, onRetry }: Pick<InventoryTableProps, 'pending' | 'onRetry'> & { app: InventoryApp }) {
  const { heldUpdate } = app;
  if (!heldUpdate) return <NewerVersion app={app} />;
  return (
    <HeldUpdateNote app={{ ...app, heldUpdate }} releasing={pending === `retry:${appKey(app)}`} busy={pending !== null} onRetry={onRetry} />
  );
}

/** Update (or the pin that stops it) and Uninstall, the same in the table and on a phone's card. */
function Actions({
  app,
  pending,
  onUpdate,
  onUninstall,
  justify,
}: Omit<InventoryTableProps, 'apps' | 'onRetry'> & { app: InventoryApp; justify: string }) {
  return (
    <Group gap="xs" justify={justify} wrap="nowrap">
      {app.pinnedVersion !== null ? (
        <Badge variant="light" color="grape" tt="none" miw="max-content" leftSection={<IconPin size={12} aria-hidden />}>
          pinned at {app.pinnedVersion}
        </Badge>
      ) : app.availableVersion ? (
        <Button
          size="xs"
          variant="light"
          loading={pending === `upgrade:${appKey(app)}`}
          disabled={pending !== null}
          aria-label={`Update ${app.name}`}
          onClick={() => onUpdate(app)}
        >
          Update
        </Button>
      ) : null}
      <Tooltip
        label="Loadout removes only apps you chose: add it to one of your lists first"
        disabled={app.chosen}
        withArrow
        multiline
        w={240}
      >
        <span>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={pending !== null || !app.chosen}
            aria-label={`Uninstall ${app.name}`}
            onClick={() => onUninstall(app)}
          >
            Uninstall
          </Button>
        </span>
      </Tooltip>
    </Group>
  );
}

/**
 * On a phone each app is a card with its actions in view: five columns do not fit 390 px, and a
 * table scrolled sideways hid the Uninstall buttons past the edge with nothing to say they were there.
 */
function InventoryCards({ apps, ...actions }: InventoryTableProps) {
  return (
    <Stack gap="xs" role="list" aria-label="Installed apps">
      {apps.map((app) => (
        <Paper key={appKey(app)} withBorder radius="md" p="sm" role="listitem" aria-label={app.name}>
          <Stack gap={6}>
            {/* Wraps: a long newer version's badge goes under the name rather than past the card's edge. */}
            <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
              <Text fw={500} size="sm">
                <UnbrokenWords text={app.name} />
              </Text>
              {app.heldUpdate ? null : <NewerVersion app={app} />}
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {app.installedVersion} · {app.manager} · {app.packageId}
            </Text>
            {/* A line of its own: the agent's message would crowd the name in the card's first row. */}
            {app.heldUpdate ? <NewerOrHeld app={app} {...actions} /> : null}
            <Actions app={app} {...actions} justify="flex-start" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The catalogue apps found on a machine: version, newer version, and what can be done with each. */
export function InventoryTable({ apps, ...actions }: InventoryTableProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) return <InventoryCards apps={apps} {...actions} />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label="Installed apps">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">App</Table.Th>
            <Table.Th scope="col">Installed version</Table.Th>
            <Table.Th scope="col">Newer version</Table.Th>
            <Table.Th scope="col">Package</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {apps.map((app) => (
            <Table.Tr key={appKey(app)}>
              <Table.Th scope="row" fw={500}>
                <UnbrokenWords text={app.name} />
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{app.installedVersion}</Table.Td>
              <Table.Td>
                <NewerOrHeld app={app} {...actions} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {app.manager} · {app.packageId}
                </Text>
              </Table.Td>
              <Table.Td>
                <Actions app={app} {...actions} justify="flex-end" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
