import { Badge, Code, Group } from '@mantine/core';

import type { WebhookDelivery, WebhookEndpoint } from '../../api/webhooks';
import { PremiumNote } from '../../components/premium-note';
import { deliveryLook, endpointState } from './webhook-words';

/** What webhooks would do, said where someone without the plan meets them. */
export function WebhooksPremiumNote({ id }: { id?: string }) {
  return (
    <div id={id}>
      <PremiumNote>
        Webhooks are part of Premium and Annual Premium: Loadout posts finished installations, drift, silent machines and rollbacks to your
        own HTTPS address as they happen, signed so that you can tell they came from Loadout.
      </PremiumNote>
    </div>
  );
}

export function DeliveryStatusBadge({ delivery }: { delivery: Pick<WebhookDelivery, 'status' | 'attempts'> }) {
  const look = deliveryLook(delivery);
  // At least as wide as its word: a squeezed column would otherwise cut it ("Succe…").
  return (
    <Badge variant="light" color={look.color} tt="none" miw="max-content">
      {look.label}
    </Badge>
  );
}

export function EndpointStateBadge({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason' | 'failingSince'> }) {
  const state = endpointState(endpoint);
  return (
    <Badge variant="light" color={state.color} tt="none" miw="max-content">
      {state.label}
    </Badge>
  );
}

/** The event types an endpoint subscribed to, as the payload names them. */
export function EventCodes({ events }: { events: readonly string[] }) {
  return (
    <Group gap={6} wrap="wrap">
      {events.map((event) => (
        <Code key={event} fz="xs">
          {event}
        </Code>
      ))}
    </Group>
  );
}
