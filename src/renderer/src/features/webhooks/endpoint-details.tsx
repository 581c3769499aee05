import { Alert, Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';

import { WEBHOOK_EVENT_LABELS } from '@shared/api/webhooks';

import type { WebhookEndpoint } from '../../api/webhooks';
import { formatWhen, RETRY_WORDS, TURNED_OFF_WORDS } from './webhook-words';

export const OFF_NOTICE_ID = 'webhook-off-notice';

interface StateNoticeProps {
  endpoint: WebhookEndpoint;
  turningOn: boolean;
  onTurnOn: () => void;
}

/** Why nothing is being sent (turned off by Loadout or by the person), or that every try has failed lately; with the way back. */
export function EndpointStateNotice({ endpoint, turningOn, onTurnOn }: StateNoticeProps) {
  const turnOn = (
    // Filled: a light button on the alert's own light colour hardly reads as a button.
    <Button size="xs" color={endpoint.disabledReason ? 'red' : undefined} loading={turningOn} onClick={onTurnOn}>
      Turn on
    </Button>
  );
  if (!endpoint.enabled && endpoint.disabledReason) {
    return (
      <Alert color="red" variant="light" title="Loadout turned this endpoint off" id={OFF_NOTICE_ID}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{endpoint.disabledReason}</Text>
          <Text size="sm">
            Nothing is sent to it until you turn it on again. Fix what made it fail first: the delivery log below shows what it answered.
          </Text>
          {turnOn}
        </Stack>
      </Alert>
    );
  }
  if (!endpoint.enabled) {
    return (
      <Alert color="gray" variant="light" title="This endpoint is off" id={OFF_NOTICE_ID}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Loadout sends nothing to it until you turn it on.</Text>
          {turnOn}
        </Stack>
      </Alert>
    );
  }
  if (endpoint.failingSince) {
    return (
      <Alert color="orange" variant="light" title="Deliveries are failing">
        Every try since {formatWhen(endpoint.failingSince)} has failed. {RETRY_WORDS} {TURNED_OFF_WORDS}
      </Alert>
    );
  }
  return null;
}

/** What the endpoint receives, since when, and its signing secret (never shown again, only rolled). */
export function EndpointDetails({ endpoint, onRoll }: { endpoint: WebhookEndpoint; onRoll: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="endpoint-events-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="endpoint-events-heading">
          Events
        </Title>
        <List spacing={6} size="sm" aria-label="Events sent to this endpoint">
          {endpoint.events.map((event) => (
            <List.Item key={event}>
              {WEBHOOK_EVENT_LABELS[event]} <Code fz="xs">{event}</Code>
            </List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          Added {formatWhen(endpoint.createdAt)}.
        </Text>
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Text size="sm" maw={520}>
            Every delivery is signed with this endpoint’s secret. It was shown once, when the endpoint was added; rolling it makes a new
            one.
          </Text>
          <Button size="xs" variant="default" leftSection={<IconKey size={14} aria-hidden />} onClick={onRoll}>
            Roll secret
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
