import { Anchor, Button, EmptyState, Paper, Group as Row, Stack, Text } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { ErrorCode } from '@shared/api/error-codes';
import { WEBHOOK_ENDPOINTS_MAX } from '@shared/api/webhooks';

import { useCreateWebhookMutation, useGetWebhooksQuery, type WebhookEndpoint, type WebhookWithSecret } from '../../api/webhooks';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { PageHeader } from '../../components/page-header';
import { errorCode } from '../../lib/api-errors';
import type { EndpointFields } from './endpoint-form-modal';
import { SecretModal } from './secret-modal';
import { useWebhooksIncluded } from './use-webhooks-included';
import { EndpointStateBadge, EventCodes, WebhooksPremiumNote } from './webhook-parts';
import { lastDeliveryWords } from './webhook-words';

// The form brings zod and the shared schemas' checks: it loads when the person opens it.
const EndpointFormModal = lazy(() => import('./endpoint-form-modal').then((m) => ({ default: m.EndpointFormModal })));

const NO_PLAN_ID = 'webhooks-plan-note';
const FULL_ID = 'webhooks-full';

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const headingId = `webhook-${endpoint.id}`;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={headingId} style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Row justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Anchor
            component={Link}
            to={`/webhooks/${encodeURIComponent(endpoint.id)}`}
            fw={600}
            id={headingId}
            style={{ overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {endpoint.url}
          </Anchor>
          <EndpointStateBadge endpoint={endpoint} />
        </Row>
        {endpoint.description ? <Text size="sm">{endpoint.description}</Text> : null}
        <EventCodes events={endpoint.events} />
        <Text size="sm" c="dimmed">
          {lastDeliveryWords(endpoint.lastDelivery)}
        </Text>
      </Stack>
    </Paper>
  );
}

function WebhooksEmptyState({ onAdd, why }: { onAdd: () => void; why: string | null }) {
  return (
    <EmptyState
      py={48}
      variant="light"
      icon={<IconWebhook size={32} aria-hidden />}
      title="No endpoints yet"
      description="Webhooks tell your own tools what happens in Loadout as it happens: add an HTTPS address of yours and choose events (an installation finished, a machine drifted from its group's lists, a machine went silent, a rollback finished). Loadout posts each one there as signed JSON, so a chat bot, a ticket system or a dashboard can act on it."
    >
      <EmptyState.Actions>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={onAdd}
          disabled={why !== null}
          aria-describedby={why ?? undefined}
        >
          Add endpoint
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** /webhooks: the account's endpoints, each with its events, whether it is on, and how its last delivery went. */
export function WebhooksPage() {
  const included = useWebhooksIncluded();
  const query = useGetWebhooksQuery(undefined, { refetchOnMountOrArgChange: true, skip: included !== true });
  const [create, created] = useCreateWebhookMutation();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<WebhookWithSecret | null>(null);
  const navigate = useNavigate();
  const available = included !== false && errorCode(query.error) !== ErrorCode.PLAN_FEATURE_REQUIRED;
  const endpoints = query.data?.endpoints ?? [];
  const full = endpoints.length >= WEBHOOK_ENDPOINTS_MAX;
  // Why Add endpoint is disabled, said beside it rather than left to the server's refusal.
  const why = !available ? NO_PLAN_ID : full ? FULL_ID : null;

  async function submit(fields: EndpointFields) {
    const result = await create(fields).unwrap();
    // The secret is kept only in this screen's state while its dialog is open, not in the store.
    created.reset();
    setAdding(false);
    setShown(result);
  }

  function done() {
    const id = shown?.endpoint.id;
    setShown(null);
    if (id) void navigate(`/webhooks/${encodeURIComponent(id)}`);
  }

  let body;
  if (!available) {
    body = <WebhooksEmptyState why={why} onAdd={() => setAdding(true)} />;
  } else if (query.isLoading || included === undefined) {
    body = <LoadingRow label="Loading your webhooks..." />;
  } else if (query.isError || !query.data) {
    body = <LoadError what="your webhooks" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (endpoints.length === 0) {
    body = <WebhooksEmptyState why={why} onAdd={() => setAdding(true)} />;
  } else {
    body = (
      <Stack component="ul" gap="md" p={0} m={0} aria-label="Webhook endpoints">
        {endpoints.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack maw={960} mx="auto" p="lg" gap={0}>
      <BackLink to="/settings">Settings</BackLink>
      <Row justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
        <div style={{ flex: '1 1 20rem', minWidth: 0 }}>
          <PageHeader
            title="Webhooks"
            description="Addresses of yours that Loadout posts events to as they happen, signed, retried for a day when they fail, with a log of every delivery."
          />
        </div>
        {available && endpoints.length > 0 ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
            disabled={why !== null}
            aria-describedby={why ?? undefined}
          >
            Add endpoint
          </Button>
        ) : null}
      </Row>
      {available ? null : (
        <Paper withBorder radius="md" p="md" mb="md">
          <WebhooksPremiumNote id={NO_PLAN_ID} />
        </Paper>
      )}
      {available && full ? (
        <Text id={FULL_ID} size="sm" c="dimmed" mb="md">
          You have {WEBHOOK_ENDPOINTS_MAX} endpoints, the most one account may have. Delete one to add another.
        </Text>
      ) : null}
      {body}
      {adding ? (
        <Suspense fallback={null}>
          <EndpointFormModal loading={created.isLoading} onSubmit={submit} onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
      {shown ? <SecretModal shown={shown} onDone={done} /> : null}
    </Stack>
  );
}
