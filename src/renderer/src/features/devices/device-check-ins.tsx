import { Alert, Anchor, Button, Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconListCheck, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';

import { getPlan } from '@shared/plans';

import { useGetDeviceCheckInsQuery, type CheckIn } from '../../api/check-ins';
import { useGetSubscriptionStatusQuery } from '../../api/subscription';
import { LoadingRow } from '../../components/loading-row';
import { PremiumNote } from '../../components/premium-note';
import { errorMessage } from '../../lib/api-errors';

const SHOWN_AT_FIRST = 10;

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * "GNU Hello 2.10-2 → 2.10-3", "Cowsay found installed (3.03)", "Cowsay removed (was 3.03)".
 * A package missing from the report before is only known to be there now: it may have been
 * installed since, or have been there all along and only now be asked about (an app added to
 * the catalogue or to a list since), so it is "found installed", never "installed".
 */
export function changeText(change: CheckIn['changes'][number]): string {
  if (change.from === null) return `${change.name} found installed (${change.to ?? '?'})`;
  if (change.to === null) return `${change.name} removed (was ${change.from})`;
  return `${change.name} ${change.from} → ${change.to}`;
}

export function checkInTitle(checkIn: CheckIn): string {
  if (checkIn.kind === 'connected') return checkIn.agentVersion ? `Connected (agent ${checkIn.agentVersion})` : 'Connected';
  const apps = checkIn.apps ?? 0;
  if (apps === 0) return 'Reported no catalogue apps';
  const outdated = checkIn.outdated ?? 0;
  return `Reported ${apps} ${apps === 1 ? 'app' : 'apps'}${outdated > 0 ? `, ${outdated} out of date` : ', all up to date'}`;
}

function CheckInItem({ checkIn }: { checkIn: CheckIn }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        <time dateTime={checkIn.at}>{formatWhen(checkIn.at)}</time>
      </Text>
      {checkIn.changes.length > 0 ? (
        <Stack component="ul" gap={0} m={0} pl="md">
          {checkIn.changes.map((change) => (
            <Text component="li" size="sm" key={`${change.manager}-${change.packageId}`}>
              {changeText(change)}
            </Text>
          ))}
          {checkIn.moreChanges > 0 ? (
            <Text component="li" size="sm" c="dimmed">
              and {checkIn.moreChanges} more
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

function CheckInTimeline({ deviceId }: { deviceId: string }) {
  const query = useGetDeviceCheckInsQuery(deviceId, { refetchOnMountOrArgChange: true });
  const [all, setAll] = useState(false);
  if (query.isLoading) return <LoadingRow label="Loading check-ins..." />;
  if (query.isError || !query.data) {
    return (
      <Alert color="red" variant="light" title={errorMessage(query.error, 'Failed to load the check-ins')}>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { checkIns, keptDays } = query.data;
  if (checkIns.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No check-ins yet. The machine checks in when its agent connects and each time it reports its installed apps.
      </Text>
    );
  }
  const shown = all ? checkIns : checkIns.slice(0, SHOWN_AT_FIRST);
  return (
    <Stack gap="sm">
      <Timeline bulletSize={22} lineWidth={2} aria-label="Check-ins">
        {shown.map((checkIn) => (
          <Timeline.Item
            key={checkIn.id}
            title={checkInTitle(checkIn)}
            bullet={checkIn.kind === 'connected' ? <IconPlugConnected size={12} aria-hidden /> : <IconListCheck size={12} aria-hidden />}
          >
            <CheckInItem checkIn={checkIn} />
          </Timeline.Item>
        ))}
      </Timeline>
      <Text size="xs" c="dimmed">
        Kept {keptDays} days.{' '}
        {checkIns.length > SHOWN_AT_FIRST ? (
          <Anchor component="button" type="button" size="xs" onClick={() => setAll(!all)}>
            {all ? 'Show fewer' : `Show all ${checkIns.length}`}
          </Anchor>
        ) : null}
      </Text>
    </Stack>
  );
}

/**
 * "Check-ins" (advanced monitoring, Premium): when the machine connected and reported, and
 * which versions changed between its reports, whoever changed them. Other plans see what it
 * is and where to get it.
 */
export function DeviceCheckIns({ deviceId }: { deviceId: string }) {
  const { data: status, isLoading } = useGetSubscriptionStatusQuery();
  const included = status ? getPlan(status.currentPlan.name).capabilities.advancedMonitoring : false;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="check-ins-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="check-ins-heading">
          Check-ins
        </Title>
        {isLoading ? (
          <Skeleton height={40} />
        ) : included ? (
          <CheckInTimeline deviceId={deviceId} />
        ) : (
          <PremiumNote>
            Check-ins are part of Premium advanced monitoring: see when each machine connected and reported, which versions changed over
            time, and get an alert when a machine has not reported for a day.
          </PremiumNote>
        )}
      </Stack>
    </Paper>
  );
}
