import { Badge, Button, Code, CopyButton, Group, Modal, Paper, ScrollArea, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';

import {
  useGetWebhookDeliveryQuery,
  useReplayWebhookDeliveryMutation,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
} from '../../api/webhooks';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { DeliveryStatusBadge } from './webhook-parts';
import { formatWhenExactly, pendingWords, pollInterval, readableBody } from './webhook-words';

/**
 * Text as it came, in a box of its own that scrolls both ways: a long line never widens the page.
 * The box takes the focus (a named region), so that the keyboard can scroll it too.
 */
function Scrollable({ text, label, maxHeight }: { text: string; label: string; maxHeight: string }) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      <Code block fz="xs" style={{ whiteSpace: 'pre' }}>
        {text}
      </Code>
    </ScrollArea.Autosize>
  );
}

/** The body is indented above for reading; a signature is checked against the bytes as sent, which this copies. */
function CopyAsSent({ body }: { body: string }) {
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <CopyButton value={body}>
        {({ copied, copy }) => (
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
            >
              Copy the body as sent
            </Button>
            <VisuallyHidden role="status" aria-live="polite">
              {copied ? 'Copied' : ''}
            </VisuallyHidden>
          </>
        )}
      </CopyButton>
      <Text size="xs" c="dimmed">
        Indented here for reading; the signature covers the body exactly as sent.
      </Text>
    </Group>
  );
}

function AttemptCard({ attempt, number }: { attempt: WebhookAttempt; number: number }) {
  const status = attempt.responseStatus;
  const answered = status !== null;
  const ok = status !== null && status >= 200 && status < 300;
  return (
    <Paper component="li" withBorder radius="sm" p="sm" style={{ listStyle: 'none' }} aria-label={`Attempt ${number}`}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            Attempt {number}
          </Text>
          <Badge variant="light" color={ok ? 'green' : 'red'} tt="none" miw="max-content">
            {answered ? `Response ${status}` : 'No answer'}
          </Badge>
          <Text size="xs" c="dimmed">
            <time dateTime={attempt.at}>{formatWhenExactly(attempt.at)}</time> · {attempt.durationMs} ms
          </Text>
        </Group>
        {attempt.error ? (
          <Text size="sm" c="red">
            {attempt.error}
          </Text>
        ) : null}
        {attempt.responseBody ? (
          <Scrollable text={attempt.responseBody} label={`Response body of attempt ${number}`} maxHeight="10rem" />
        ) : answered ? (
          <Text size="xs" c="dimmed">
            The answer had no body.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function DeliveryDetail({ detail }: { detail: WebhookDeliveryDetail }) {
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <DeliveryStatusBadge delivery={detail} />
        <Text size="sm">
          Created <time dateTime={detail.createdAt}>{formatWhenExactly(detail.createdAt)}</time>
        </Text>
        {detail.status === 'pending' ? <Text size="sm">{pendingWords(detail)}</Text> : null}
      </Group>
      {detail.replayOf ? (
        <Text size="sm">
          A replay: it sends again the event of delivery <Code>{detail.replayOf}</Code>.
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Event <Code fz="xs">{detail.eventId}</Code> · Delivery <Code fz="xs">{detail.id}</Code>
      </Text>
      <Stack gap={6}>
        <Title order={3} fz="md">
          Request body
        </Title>
        <Scrollable text={readableBody(detail.requestBody)} label="Request body" maxHeight="40vh" />
        <CopyAsSent body={detail.requestBody} />
      </Stack>
      <Stack gap={6} component="section" aria-labelledby="attempts-heading">
        <Title order={3} fz="md" id="attempts-heading">
          Attempts
        </Title>
        {detail.attemptLog.length === 0 ? (
          <Text size="sm" c="dimmed">
            The first try is under way.
          </Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0}>
            {detail.attemptLog.map((attempt, index) => (
              <AttemptCard key={attempt.at + String(index)} attempt={attempt} number={index + 1} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

interface DeliveryDetailModalProps {
  webhookId: string;
  delivery: WebhookDelivery;
  /** Why a replay cannot be sent now (the endpoint is off), or null. */
  replayBlocked: string | null;
  onClose: () => void;
}

/** One delivery: the body as sent, every attempt with its answer, and Replay. */
export function DeliveryDetailModal({ webhookId, delivery, replayBlocked, onClose }: DeliveryDetailModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const args = { webhookId, deliveryId: delivery.id };
  // Read again while the delivery is under way, as its row in the log is: each try adds an attempt.
  const [pollMs, setPollMs] = useState(() => pollInterval([delivery]));
  const query = useGetWebhookDeliveryQuery(args, { refetchOnMountOrArgChange: true, pollingInterval: pollMs });
  const wanted = query.data ? pollInterval([query.data]) : pollMs;
  if (wanted !== pollMs) setPollMs(wanted);
  const [replay, replaying] = useReplayWebhookDeliveryMutation();

  async function sendAgain() {
    try {
      await replay(args).unwrap();
      notify.success('Sent again as a new delivery: it is at the top of the log.');
      onClose();
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to replay the delivery'));
    }
  }

  let body;
  if (query.isLoading) body = <LoadingRow label="Loading the delivery..." />;
  else if (query.isError || !query.data)
    body = <LoadError what="this delivery" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else body = <DeliveryDetail detail={query.data} />;

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Delivery of ${delivery.eventType}`}
      size="xl"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {body}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {replayBlocked ? (
            <Text size="xs" c="dimmed" id="replay-blocked" style={{ flex: '1 1 12rem' }}>
              {replayBlocked}
            </Text>
          ) : null}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            leftSection={<IconRepeat size={16} aria-hidden />}
            loading={replaying.isLoading}
            disabled={replayBlocked !== null}
            aria-describedby={replayBlocked ? 'replay-blocked' : undefined}
            onClick={() => void sendAgain()}
          >
            Replay
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
