import { Badge, Button, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowUpCircle, IconPin, IconTrash } from '@tabler/icons-react';

import { UnbrokenWords } from '../../components/unbroken-words';
import type { InventoryApp } from './uninstall-app-modal';

interface InventoryTableProps {
  apps: InventoryApp[];
  /** Which app's action is being started ("upgrade:12"), so only its button spins. */
  pending: string | null;
  onUpdate: (app: InventoryApp) => void;
  onUninstall: (app: InventoryApp) => void;
}

export const appKey = (app: InventoryApp) => `${app.appId}-${app.manager}`;

/** The catalogue apps found on a machine: version, newer version, and what can be done with each. */
export function InventoryTable({ apps, pending, onUpdate, onUninstall }: InventoryTableProps) {
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
                {app.availableVersion ? (
                  <Badge
                    variant="light"
                    color="orange"
                    tt="none"
                    miw="max-content"
                    leftSection={<IconArrowUpCircle size={12} aria-hidden />}
                  >
                    {app.availableVersion} available
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    Up to date
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {app.manager} · {app.packageId}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
