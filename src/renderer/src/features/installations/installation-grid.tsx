import { Button, Stack, Table, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';

import type { JobKind } from '@shared/agent/protocol';
import type { InstallationItem, InstallationTarget } from '@shared/api/installations';
import { isItemFailed, isItemSucceeded, isTargetCancelled } from '@shared/installation-states';

import { itemStatusLook, StatusBadge, targetStatusLook } from '../../components/installation-status';
import { PLATFORM_LABELS } from '../../components/platform-badges';
import { UnbrokenWords } from '../../components/unbroken-words';

interface GridProps {
  targets: readonly InstallationTarget[];
  /** Install, update or uninstall: the words of the statuses. */
  kind: JobKind;
  onShowLog: (target: InstallationTarget, item: InstallationItem) => void;
}

/** The apps of every target, in the order of the first device that has them. */
function appsOf(targets: readonly InstallationTarget[]): Array<{ appId: number; name: string }> {
  const seen = new Map<number, string>();
  for (const target of targets) for (const item of target.items) if (!seen.has(item.appId)) seen.set(item.appId, item.name);
  return [...seen].map(([appId, name]) => ({ appId, name }));
}

/**
 * The small print under a cell's status: the version installed, why it was skipped, how it
 * failed; for an update or an uninstall, the agent's sentence ("Updated from 1.0 to 1.1").
 */
function itemDetail(item: InstallationItem, kind: JobKind): string | null {
  if (isItemSucceeded(item.status) && kind !== 'install' && item.message) return item.message;
  if (isItemSucceeded(item.status)) return [item.version, item.manager ? `with ${item.manager}` : null].filter(Boolean).join(' ') || null;
  if (isItemFailed(item.status)) {
    const exit = item.exitCode !== null ? `Exit code ${item.exitCode}` : null;
    return [item.message, exit].filter(Boolean).join(' · ') || null;
  }
  return item.message;
}

function DeviceHeader({ target, kind }: { target: InstallationTarget; kind: JobKind }) {
  const platform = target.platform === 'windows' || target.platform === 'macos' || target.platform === 'linux' ? target.platform : null;
  return (
    <Stack gap={4} align="flex-start">
      <Text fw={600} size="sm">
        {target.deviceName}
      </Text>
      <Text size="xs" c="dimmed" fw={400}>
        {platform ? PLATFORM_LABELS[platform] : target.platform}
      </Text>
      <StatusBadge look={targetStatusLook(target, kind)} size="sm" />
      {target.reason && !isTargetCancelled(target.status) ? (
        <Text size="xs" c="orange" fw={400} maw={220}>
          {target.reason}
        </Text>
      ) : null}
    </Stack>
  );
}

function Cell({
  target,
  item,
  kind,
  onShowLog,
}: { target: InstallationTarget; item: InstallationItem | undefined } & Pick<GridProps, 'onShowLog' | 'kind'>) {
  if (!item) {
    return (
      <Text size="sm" c="dimmed">
        Not part of this job
      </Text>
    );
  }
  const detail = itemDetail(item, kind);
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge look={itemStatusLook(item.status, kind)} />
      {detail ? (
        <Text size="xs" c="dimmed" maw={240}>
          {detail}
        </Text>
      ) : null}
      {isItemFailed(item.status) || item.hasLog ? (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconFileText size={14} aria-hidden />}
          onClick={() => onShowLog(target, item)}
          aria-label={`Show log of ${item.name} on ${target.deviceName}`}
        >
          Show log
        </Button>
      ) : null}
    </Stack>
  );
}

/** A device × app grid, results at a glance — rows are apps, columns devices; every status in colour and words. */
export function InstallationGrid({ targets, kind, onShowLog }: GridProps) {
  const apps = appsOf(targets);
  return (
    // One device fits a phone's 390 px without scrolling; more devices scroll inside the table.
    <Table.ScrollContainer minWidth={150 + targets.length * 190}>
      <Table verticalSpacing="sm" highlightOnHover withTableBorder aria-label="Apps on each device">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={150}>
              App
            </Table.Th>
            {targets.map((target) => (
              <Table.Th key={target.targetId} scope="col" style={{ verticalAlign: 'top' }}>
                <DeviceHeader target={target} kind={kind} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {apps.map((app) => (
            <Table.Tr key={app.appId}>
              <Table.Th scope="row" fw={500}>
                <UnbrokenWords text={app.name} />
              </Table.Th>
              {targets.map((target) => (
                <Table.Td key={target.targetId} style={{ verticalAlign: 'top' }}>
                  <Cell target={target} item={target.items.find((item) => item.appId === app.appId)} kind={kind} onShowLog={onShowLog} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
