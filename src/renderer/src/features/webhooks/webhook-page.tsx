import { Alert, Anchor, Button, Paper, Group as Row, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconSend, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { ErrorCode } from '@shared/api/error-codes';

import {
  useDeleteWebhookMutation,
  useGetWebhookQuery,
  useRollWebhookSecretMutation,
  useSendWebhookTestMutation,
  useUpdateWebhookMutation,
  type WebhookDelivery,
  type WebhookWithSecret,
} from '../../api/webhooks';
import { BackLink } from '../../components/back-link';
import { ConfirmModal } from '../../components/confirm-modal';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { errorCode, errorMessage, errorStatus } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { DeliveryDetailModal } from './delivery-detail-modal';
import { DeliveryLog, useDeliveriesPage } from './delivery-log';
import { EndpointDetails, EndpointStateNotice, OFF_NOTICE_ID } from './endpoint-details';
import type { EndpointFields } from './endpoint-form-modal';
import { SecretModal } from './secret-modal';
import { useWebhooksIncluded } from './use-webhooks-included';
import { EndpointStateBadge, WebhooksPremiumNote } from './webhook-parts';
import { pollInterval } from './webhook-words';

// The form brings zod and the shared schemas' checks: it loads when the person opens it.
const EndpointFormModal = lazy(() => import('./endpoint-form-modal').then((m) => ({ default: m.EndpointFormModal })));

type Dialog = 'edit' | 'roll' | 'delete';

/** Every state of the page has its heading: a person (or a screen reader) landing here knows where they are. */
function Headed({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={1} fz={30}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /webhooks/:id: one endpoint, what it receives, whether it is on, its secret, a test event and its delivery log. */
export function WebhookPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const included = useWebhooksIncluded();
  // The endpoint's state follows its deliveries: read it again while one is under way.
  const firstPage = useDeliveriesPage(id, 1, included !== true);
  const query = useGetWebhookQuery(id, {
    refetchOnMountOrArgChange: true,
    skip: included !== true,
    pollingInterval: pollInterval(firstPage.data?.deliveries),
  });
  const [update, updating] = useUpdateWebhookMutation();
  const [remove, removing] = useDeleteWebhookMutation();
  const [roll, rolling] = useRollWebhookSecretMutation();
  const [sendTest, testing] = useSendWebhookTestMutation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [shown, setShown] = useState<WebhookWithSecret | null>(null);
  const [opened, setOpened] = useState<WebhookDelivery | null>(null);
  const close = () => setDialog(null);
  const endpoint = query.data;

  async function save(fields: EndpointFields) {
    await update({ webhookId: id, ...fields }).unwrap();
    close();
    notify.success('Endpoint saved');
  }

  async function setEnabled(enabled: boolean) {
    try {
      await update({ webhookId: id, enabled }).unwrap();
      notify.success(enabled ? 'Endpoint turned on: new events are sent to it again.' : 'Endpoint turned off: nothing is sent to it.');
    } catch (failure) {
      notify.error(errorMessage(failure, enabled ? 'Failed to turn the endpoint on' : 'Failed to turn the endpoint off'));
    }
  }

  async function rollSecret() {
    try {
      const result = await roll(id).unwrap();
      // The secret is kept only in this screen's state while its dialog is open, not in the store.
      rolling.reset();
      close();
      setShown(result);
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to roll the secret'));
    }
  }

  async function test() {
    try {
      await sendTest(id).unwrap();
      notify.success('Test event sent: its delivery is at the top of the log.');
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to send the test event'));
    }
  }

  async function deleteEndpoint() {
    try {
      await remove(id).unwrap();
      close();
      notify.success('Endpoint deleted. Nothing more is sent to it.');
      void navigate('/webhooks');
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to delete the endpoint'));
    }
  }

  let body;
  if (included === false || errorCode(query.error) === ErrorCode.PLAN_FEATURE_REQUIRED) {
    body = (
      <Headed title="Webhook">
        <Paper withBorder radius="md" p="md">
          <WebhooksPremiumNote />
        </Paper>
      </Headed>
    );
  } else if (query.isLoading || included === undefined) {
    body = <LoadingRow label="Loading the endpoint..." />;
  } else if (errorCode(query.error) === ErrorCode.WEBHOOK_NOT_FOUND || errorStatus(query.error) === 404) {
    body = (
      <Headed title="Endpoint not found">
        <Alert color="yellow" variant="light">
          It may have been deleted. Your endpoints are listed on the{' '}
          {/* The alert's own text colour, underlined: the link colour on the yellow alert falls short of contrast in dark mode. */}
          <Anchor component={Link} to="/webhooks" underline="always" c="inherit" fw={600}>
            Webhooks
          </Anchor>{' '}
          screen.
        </Alert>
      </Headed>
    );
  } else if (query.isError || !endpoint) {
    body = (
      <Headed title="Webhook">
        <LoadError what="this endpoint" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Headed>
    );
  } else {
    const off = !endpoint.enabled;
    body = (
      <Stack gap="md">
        <Stack gap={6}>
          <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Title>
          <Row gap="sm" wrap="wrap">
            <EndpointStateBadge endpoint={endpoint} />
            {endpoint.description ? <Text size="sm">{endpoint.description}</Text> : null}
          </Row>
        </Stack>
        <Row gap="xs" wrap="wrap">
          <Button
            size="xs"
            leftSection={<IconSend size={14} aria-hidden />}
            loading={testing.isLoading}
            disabled={off}
            aria-describedby={off ? OFF_NOTICE_ID : undefined}
            onClick={() => void test()}
          >
            Send test event
          </Button>
          <Button variant="default" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setDialog('edit')}>
            Edit
          </Button>
          {off ? null : (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlayerPause size={14} aria-hidden />}
              loading={updating.isLoading && updating.originalArgs?.enabled === false}
              onClick={() => void setEnabled(false)}
            >
              Turn off
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setDialog('delete')}
          >
            Delete
          </Button>
        </Row>
        <EndpointStateNotice
          endpoint={endpoint}
          turningOn={updating.isLoading && updating.originalArgs?.enabled === true}
          onTurnOn={() => void setEnabled(true)}
        />
        <EndpointDetails endpoint={endpoint} onRoll={() => setDialog('roll')} />
        <DeliveryLog webhookId={id} onOpen={setOpened} />
      </Stack>
    );
  }

  return (
    <Stack maw={960} mx="auto" p="lg" gap={0}>
      <BackLink to="/webhooks">All webhooks</BackLink>
      {body}
      {endpoint && dialog === 'edit' ? (
        <Suspense fallback={null}>
          <EndpointFormModal endpoint={endpoint} loading={updating.isLoading} onSubmit={save} onClose={close} />
        </Suspense>
      ) : null}
      <ConfirmModal
        opened={endpoint !== undefined && dialog === 'roll'}
        title="Roll the signing secret?"
        confirmLabel="Roll secret"
        loading={rolling.isLoading}
        onConfirm={() => void rollSecret()}
        onClose={close}
      >
        Loadout makes a new secret and signs every delivery with it from now on. The old secret stops signing at once, so your receiver
        refuses deliveries until it has the new one.
      </ConfirmModal>
      <ConfirmModal
        opened={endpoint !== undefined && dialog === 'delete'}
        title="Delete endpoint?"
        confirmLabel="Delete endpoint"
        danger
        loading={removing.isLoading}
        onConfirm={() => void deleteEndpoint()}
        onClose={close}
      >
        Loadout stops sending events to {endpoint?.url}, and its delivery log is deleted with it. This cannot be undone.
      </ConfirmModal>
      {shown ? <SecretModal shown={shown} rolled onDone={() => setShown(null)} /> : null}
      {endpoint && opened ? (
        <DeliveryDetailModal
          webhookId={id}
          delivery={opened}
          replayBlocked={endpoint.enabled ? null : 'The endpoint is off: turn it on to send anything to it.'}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </Stack>
  );
}
