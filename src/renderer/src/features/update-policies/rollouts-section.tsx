import { Alert, Anchor, Badge, Button, Paper, Group as Row, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

import type { Rollout } from '@shared/api/update-policies';

import { useCancelRolloutMutation, useGetRolloutsQuery, useResumeRolloutMutation } from '../../api/update-policies';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';

const STATE_WORDS: Record<Rollout['state'], { label: string; color: string }> = {
  running: { label: 'Rolling out', color: 'blue' },
  stopped: { label: 'Stopped', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  done: { label: 'Everyone', color: 'teal' },
};

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** "Open since 1 Aug, 01:00 · 1 sent, 0 updated, 1 failed" / "Waiting". */
export function ringWords(ring: Rollout['rings'][number]): string {
  if (ring.openedAt === null) return 'Waiting';
  const counts = ring.sent === 0 ? 'nothing sent yet' : `${ring.sent} sent, ${ring.succeeded} updated, ${ring.failed} failed`;
  return `Open since ${when(ring.openedAt)} · ${counts}`;
}

function RolloutCard({ rollout }: { rollout: Rollout }) {
  const [resume, resuming] = useResumeRolloutMutation();
  const [cancel, cancelling] = useCancelRolloutMutation();
  const headingId = `rollout-${rollout.id}`;
  const state = STATE_WORDS[rollout.state];

  async function act(action: 'resume' | 'cancel') {
    try {
      await (action === 'resume' ? resume(rollout.id) : cancel(rollout.id)).unwrap();
      notify.success(action === 'resume' ? 'Rollout resumed: the next ring is open' : 'Rollout cancelled');
    } catch (failure) {
      notify.error(errorMessage(failure, 'That did not work. Please try again.'));
    }
  }

  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={headingId} style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Row justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {rollout.appName} {rollout.version}
            </Text>
            <Text size="sm" c="dimmed">
              Policy: {rollout.policyName}
            </Text>
          </div>
          <Badge variant="light" color={state.color}>
            {state.label}
          </Badge>
        </Row>
        {rollout.state === 'stopped' ? (
          <Alert color="red" variant="light" title="Stopped: no more machines get this version" role="status">
            <Text size="sm">{rollout.stoppedReason}.</Text>
          </Alert>
        ) : null}
        <Stack component="ol" gap={4} p={0} m={0} aria-label={`Rings of ${rollout.appName} ${rollout.version}`}>
          {rollout.rings.map((ring, index) => (
            <Text component="li" key={index} size="sm" style={{ listStyle: 'none' }}>
              <Text span fw={index === rollout.ring && rollout.state !== 'cancelled' ? 600 : 400}>
                {index + 1}. {ring.name}
              </Text>
              {' — '}
              {ringWords(ring)}
            </Text>
          ))}
        </Stack>
        {rollout.failures.length > 0 ? (
          <Stack gap={4}>
            <Title order={3} fz="sm">
              Machines where it failed
            </Title>
            <Stack component="ul" gap={4} p={0} m={0}>
              {rollout.failures.map((failure) => (
                <Text component="li" key={failure.deviceId} size="sm" style={{ listStyle: 'none', overflowWrap: 'anywhere' }}>
                  <Anchor component={Link} to={`/devices/${encodeURIComponent(failure.deviceId)}`} underline="always">
                    {failure.deviceName}
                  </Anchor>
                  : {failure.message}
                </Text>
              ))}
            </Stack>
          </Stack>
        ) : null}
        {rollout.state === 'stopped' || rollout.state === 'running' ? (
          <Row gap="sm" justify="flex-end">
            <Button variant="subtle" color="red" loading={cancelling.isLoading} onClick={() => void act('cancel')}>
              Cancel rollout
            </Button>
            {rollout.state === 'stopped' ? (
              <Button loading={resuming.isLoading} onClick={() => void act('resume')}>
                Resume: open the next ring
              </Button>
            ) : null}
          </Row>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The Updates page's rollouts: each new version going through a policy's rings, newest first. */
export function RolloutsSection() {
  const query = useGetRolloutsQuery(undefined, { refetchOnMountOrArgChange: true });
  let body;
  if (query.isLoading) body = <LoadingRow label="Loading your rollouts..." />;
  else if (query.isError || !query.data)
    body = <LoadError what="your rollouts" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.rollouts.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        No rollouts yet. Add rings to a policy (a canary group first, then a share of your machines) and each new version goes through them
        in turn; a ring that fails stops it here.
      </Text>
    );
  else
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Rollouts">
        {query.data.rollouts.map((rollout) => (
          <RolloutCard key={rollout.id} rollout={rollout} />
        ))}
      </Stack>
    );
  return (
    <section aria-labelledby="rollouts-heading">
      <Title order={2} fz="lg" mb="sm" id="rollouts-heading">
        Rollouts
      </Title>
      {body}
    </section>
  );
}
