import { Anchor, Button, Paper, Group as Row, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';

import { platformDisplayName } from '@shared/format';

import { GROUP_DRIFT_PAGE, useGetGroupDriftQuery, type Group, type MachineDrift } from '../../api/device-groups';
import { DriftEntries } from '../../components/drift-entries';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { driftSummary, plural } from './group-words';

const BringBackModal = lazy(() => import('./bring-back-modal').then((m) => ({ default: m.BringBackModal })));

/** Extra apps are never removed by bringing a machine back in line: only the other kinds give it something to do. */
const hasWork = (machine: MachineDrift) => machine.entries.some((entry) => entry.kind !== 'extra');

interface Target {
  deviceIds?: string[];
  title: string;
}

function MachineCard({ machine, editable, onBringBack }: { machine: MachineDrift; editable: boolean; onBringBack: () => void }) {
  const headingId = `drift-machine-${machine.deviceId}`;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={headingId} style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Row justify="space-between" wrap="wrap" gap="xs">
          <Row gap="xs" wrap="wrap">
            <Anchor
              component={Link}
              to={`/devices/${encodeURIComponent(machine.deviceId)}`}
              fw={600}
              id={headingId}
              style={{ overflowWrap: 'anywhere' }}
            >
              {machine.deviceName}
            </Anchor>
            <Text span size="sm" c="dimmed">
              {platformDisplayName(machine.platform)}
            </Text>
          </Row>
          {editable && hasWork(machine) ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={onBringBack}
              aria-label={`Bring back in line: ${machine.deviceName}`}
            >
              Bring back in line
            </Button>
          ) : null}
        </Row>
        <DriftEntries drift={machine} />
      </Stack>
    </Paper>
  );
}

interface DriftPageProps {
  group: Group;
  offset: number;
  editable: boolean;
  onBringBack: (target: Target) => void;
}

/** One page of members: later pages load when the person asks for more. */
function DriftPage({ group, offset, editable, onBringBack }: DriftPageProps) {
  const page = useGetGroupDriftQuery({ groupId: group.id, offset });
  if (page.isLoading) {
    return (
      <li style={{ listStyle: 'none' }}>
        <LoadingRow label="Loading more machines..." />
      </li>
    );
  }
  if (page.isError || !page.data) {
    return (
      <li style={{ listStyle: 'none' }}>
        <LoadError what="these machines" onRetry={() => void page.refetch()} retrying={page.isFetching} />
      </li>
    );
  }
  return page.data.machines.map((machine) => (
    <MachineCard
      key={machine.deviceId}
      machine={machine}
      editable={editable}
      onBringBack={() => onBringBack({ deviceIds: [machine.deviceId], title: `Bring ${machine.deviceName} back in line` })}
    />
  ));
}

/**
 * How each machine differs from the group's lists, read from what its agent last reported, and
 * the way back. Members come a page at a time (drifted ones first): a group may hold a fleet.
 */
export function GroupDriftSection({ group, editable }: { group: Group; editable: boolean }) {
  const first = useGetGroupDriftQuery({ groupId: group.id, offset: 0 }, { refetchOnMountOrArgChange: true });
  const [pages, setPages] = useState(1);
  const [target, setTarget] = useState<Target | null>(null);
  const counts = first.data?.counts ?? group.drift;
  const total = first.data?.total ?? group.memberCount;
  // Extras alone are never removed by bringing a machine back: only the other kinds give it work.
  const fixable = counts.missing + counts.outdated + counts.offPin > 0;
  const shown = Math.min(total, pages * GROUP_DRIFT_PAGE);

  let body;
  if (first.isLoading) {
    body = <LoadingRow label="Loading the drift..." />;
  } else if (first.isError || !first.data) {
    body = <LoadError what="the drift of this group" onRetry={() => void first.refetch()} retrying={first.isFetching} />;
  } else if (first.data.total === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No machines yet: once the group has machines, this shows what each is missing, what is out of date or off its pin, and what it has
        that the lists do not declare.
      </Text>
    );
  } else {
    body = (
      <Stack gap="xs">
        <Stack component="ul" gap="xs" p={0} m={0} aria-label={`Drift of ${group.name}`}>
          {Array.from({ length: pages }, (_, page) => (
            <DriftPage key={page} group={group} offset={page * GROUP_DRIFT_PAGE} editable={editable} onBringBack={setTarget} />
          ))}
        </Stack>
        {shown < total ? (
          <Row justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {shown} of {plural(total, 'machine')} shown
            </Text>
            <Button variant="default" size="xs" onClick={() => setPages((count) => count + 1)}>
              Show more machines
            </Button>
          </Row>
        ) : null}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="group-drift-heading">
      <Stack gap="sm">
        <Row justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={2} fz="lg" id="group-drift-heading">
              Drift
            </Title>
            <Text size="sm" fw={500}>
              {driftSummary(counts, total)}
            </Text>
          </Stack>
          {editable && fixable ? (
            <Button
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => setTarget({ title: `Bring ${group.name} back in line` })}
            >
              Bring back in line
            </Button>
          ) : null}
        </Row>
        {body}
      </Stack>
      {target ? (
        <Suspense fallback={null}>
          <BringBackModal groupId={group.id} deviceIds={target.deviceIds} title={target.title} onClose={() => setTarget(null)} />
        </Suspense>
      ) : null}
    </Paper>
  );
}
