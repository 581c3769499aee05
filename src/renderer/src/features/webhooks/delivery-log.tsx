import { Anchor, Badge, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';

import { useGetWebhookDeliveriesQuery, WEBHOOK_DELIVERIES_PAGE, type WebhookDelivery } from '../../api/webhooks';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { DeliveryStatusBadge } from './webhook-parts';
import { formatWhen, pendingWords, pollInterval, RETRY_WORDS } from './webhook-words';

/** The log's first page, read again while a delivery on it is under way; the endpoint's page polls through it too. */
export function useDeliveriesPage(webhookId: string, page: number, skip = false) {
  const [pollMs, setPollMs] = useState(0);
  const query = useGetWebhookDeliveriesQuery(
    { webhookId, offset: (page - 1) * WEBHOOK_DELIVERIES_PAGE },
    { refetchOnMountOrArgChange: true, pollingInterval: pollMs, skip },
  );
  const wanted = pollInterval(query.data?.deliveries);
  if (wanted !== pollMs) setPollMs(wanted);
  return query;
}

type Open = (delivery: WebhookDelivery) => void;

/** The delivery's event, as a button that opens its details, and whether it was a replay. */
function EventButton({ delivery, onOpen }: { delivery: WebhookDelivery; onOpen: Open }) {
  return (
    <Group gap={6} wrap="wrap">
      <Anchor component="button" type="button" size="sm" ff="monospace" ta="left" onClick={() => onOpen(delivery)}>
        {delivery.eventType}
      </Anchor>
      {delivery.replayOf ? (
        <Badge variant="outline" color="gray" size="sm" tt="none" miw="max-content">
          Replay
        </Badge>
      ) : null}
    </Group>
  );
}

/** Under the badge: when a pending delivery is tried next. */
function StatusCell({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <Stack gap={2} align="flex-start">
      <DeliveryStatusBadge delivery={delivery} />
      {delivery.status === 'pending' ? (
        <Text size="xs" c="dimmed">
          {pendingWords(delivery)}
        </Text>
      ) : null}
    </Stack>
  );
}

const responseWords = (delivery: WebhookDelivery) => (delivery.responseStatus === null ? 'No answer' : String(delivery.responseStatus));
const attemptsWords = (delivery: WebhookDelivery) => `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;

/** On a phone each delivery is a card: five columns do not fit 390 px. */
function DeliveryCards({ deliveries, onOpen }: { deliveries: WebhookDelivery[]; onOpen: Open }) {
  return (
    <Stack gap="xs" role="list" aria-label="Deliveries">
      {deliveries.map((delivery) => (
        <Paper key={delivery.id} withBorder radius="md" p="sm" role="listitem">
          <Stack gap={4}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <EventButton delivery={delivery} onOpen={onOpen} />
              <StatusCell delivery={delivery} />
            </Group>
            <Text size="xs" c="dimmed">
              <time dateTime={delivery.createdAt}>{formatWhen(delivery.createdAt)}</time> · {attemptsWords(delivery)} · Response{' '}
              {responseWords(delivery)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function DeliveryTable({ deliveries, onOpen }: { deliveries: WebhookDelivery[]; onOpen: Open }) {
  const fit = { whiteSpace: 'nowrap', width: '1%' } as const;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th style={fit}>Attempts</Table.Th>
            <Table.Th style={fit}>Response</Table.Th>
            <Table.Th style={fit}>Time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            // The event's button opens it for the keyboard; the whole row does for a pointer.
            <Table.Tr key={delivery.id} onClick={() => onOpen(delivery)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <EventButton delivery={delivery} onOpen={() => undefined} />
              </Table.Td>
              <Table.Td>
                <StatusCell delivery={delivery} />
              </Table.Td>
              <Table.Td style={fit}>{delivery.attempts}</Table.Td>
              <Table.Td style={fit}>{responseWords(delivery)}</Table.Td>
              <Table.Td style={fit}>
                <time dateTime={delivery.createdAt}>{formatWhen(delivery.createdAt)}</time>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The endpoint's deliveries, newest first, a page at a time; a delivery opens with its body and attempts. */
export function DeliveryLog({ webhookId, onOpen }: { webhookId: string; onOpen: Open }) {
  const [page, setPage] = useState(1);
  const query = useDeliveriesPage(webhookId, page);
  const phone = useMediaQuery('(max-width: 48em)');
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / WEBHOOK_DELIVERIES_PAGE)) : 1;

  let body;
  if (query.isLoading) {
    body = <LoadingRow label="Loading the deliveries..." />;
  } else if (query.isError || !query.data) {
    body = <LoadError what="the deliveries" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (query.data.deliveries.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        Nothing sent yet. Send a test event to see how your endpoint answers.
      </Text>
    );
  } else if (phone) {
    body = <DeliveryCards deliveries={query.data.deliveries} onOpen={onOpen} />;
  } else {
    body = <DeliveryTable deliveries={query.data.deliveries} onOpen={onOpen} />;
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="deliveries-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="deliveries-heading">
          Deliveries
        </Title>
        <Text size="sm" c="dimmed">
          Newest first. {RETRY_WORDS}
        </Text>
        {body}
        {pages > 1 ? (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
