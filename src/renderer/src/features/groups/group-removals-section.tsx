import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { deviceGroupsApi, useGetGroupRemovalsQuery, type Group } from '../../api/device-groups';
import { LoadError } from '../../components/load-error';
import { RemovalCard } from './group-removal-card';
import { stillAsking, type RemovalOutcome } from './group-removal-words';
import { plural } from './group-words';

/** How often the removals are read while a machine has not answered (an agent answers within a minute). */
const POLL_MS = 2_000;

/** The time, again every 15 s: an answer left on screen turns too old to act on, a machine's wait runs out. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const installationLink = (id: string) => `/installations/${encodeURIComponent(id)}`;

/** What a confirmation started and left out; it stays until dismissed, since the removal itself is gone from the list. */
function OutcomeAlert({ outcome, onClose }: { outcome: RemovalOutcome; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // The button that was pressed went away with its removal: the person's focus moves to what happened.
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const started = outcome.machines.filter((machine) => machine.installationId !== undefined);
  const left = outcome.machines.filter((machine) => machine.reason !== undefined);
  const count = started.length + outcome.unnamed.length;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color={count > 0 ? 'green' : 'yellow'}
      variant="light"
      title={count > 0 ? `Removing ${outcome.appName} from ${plural(count, 'machine')}` : `${outcome.appName} was not removed`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <Stack gap={6}>
        {started.length > 0 ? (
          <Stack component="ul" gap={2} p={0} m={0} pl="md">
            {started.map((machine) => (
              <Text component="li" size="sm" key={machine.deviceId} style={{ overflowWrap: 'anywhere' }}>
                {machine.deviceName}:{' '}
                <Anchor component={Link} to={installationLink(machine.installationId ?? '')} size="sm" underline="always" c="inherit">
                  see the uninstall
                </Anchor>
              </Text>
            ))}
          </Stack>
        ) : null}
        {outcome.unnamed.length > 0 ? (
          <Text size="sm">
            {outcome.unnamed.map((id, index) => (
              <span key={id}>
                {index > 0 ? ', ' : ''}
                <Anchor component={Link} to={installationLink(id)} size="sm" underline="always" c="inherit">
                  Uninstall {index + 1}
                </Anchor>
              </span>
            ))}
          </Text>
        ) : null}
        {left.length > 0 ? (
          <>
            <Text size="sm" fw={600}>
              Left out, {outcome.appName} stays there:
            </Text>
            <Stack component="ul" gap={2} p={0} m={0} pl="md">
              {left.map((machine) => (
                <Text component="li" size="sm" key={machine.deviceId} style={{ overflowWrap: 'anywhere' }}>
                  {machine.deviceName}: {machine.reason}
                </Text>
              ))}
            </Stack>
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * "Removals to confirm": apps taken out of the group's lists that its machines still have, when
 * the group offers to remove them. Shown only when there is one (or a confirmation to report).
 */
export function GroupRemovalsSection({ group }: { group: Group }) {
  // Read again only while a machine has not answered.
  const known = deviceGroupsApi.endpoints.getGroupRemovals.useQueryState(group.id);
  const now = useNow();
  const waiting = known.data?.removals.some((removal) => stillAsking(removal, now)) ?? false;
  const query = useGetGroupRemovalsQuery(group.id, { pollingInterval: waiting ? POLL_MS : 0, refetchOnMountOrArgChange: true });
  const [outcomes, setOutcomes] = useState<RemovalOutcome[]>([]);
  const removals = query.data?.removals ?? [];

  // A group that never offered removals has none to fail to show.
  const failed = query.isError && !query.data && group.removeTakenOut;
  if (removals.length === 0 && outcomes.length === 0 && !failed) return null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="group-removals-heading">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="group-removals-heading">
            Removals to confirm
          </Title>
          <Text size="sm" c="dimmed">
            Apps taken out of this group’s lists that its machines still have. Each machine was asked what removing the app would take;
            nothing is removed until you confirm.
          </Text>
        </Stack>
        {outcomes.map((outcome) => (
          <OutcomeAlert
            key={outcome.removalId}
            outcome={outcome}
            onClose={() => setOutcomes((shown) => shown.filter((other) => other !== outcome))}
          />
        ))}
        {failed ? <LoadError what="the removals to confirm" onRetry={() => void query.refetch()} retrying={query.isFetching} /> : null}
        {removals.length > 0 ? (
          <Stack component="ul" gap="sm" p={0} m={0} aria-label={`Removals to confirm in ${group.name}`}>
            {removals.map((removal) => (
              <RemovalCard
                key={removal.id}
                groupId={group.id}
                removal={removal}
                now={now}
                onConfirmed={(outcome) =>
                  setOutcomes((shown) => [outcome, ...shown.filter((other) => other.removalId !== outcome.removalId)])
                }
              />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
