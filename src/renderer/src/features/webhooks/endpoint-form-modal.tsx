import { Button, Checkbox, Code, Modal, Group as Row, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { z } from 'zod';

import { ErrorCode } from '@shared/api/error-codes';
import {
  createWebhookRequestSchema,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
} from '@shared/api/webhooks';

import type { WebhookEndpoint } from '../../api/webhooks';
import { errorCode, errorMessage } from '../../lib/api-errors';
import { applyServerErrors, focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';

/** Adding and editing send the same three fields: the address, what it is for, and the events it gets. */
export type EndpointFields = z.output<typeof createWebhookRequestSchema>;

interface EndpointFormModalProps {
  /** The endpoint being edited; none when adding one. */
  endpoint?: Pick<WebhookEndpoint, 'url' | 'description' | 'events'>;
  loading: boolean;
  onSubmit: (fields: EndpointFields) => Promise<void>;
  onClose: () => void;
}

/** "Add endpoint" and "Edit endpoint": the address, a description and the events to send there. */
export function EndpointFormModal({ endpoint, loading, onSubmit, onClose }: EndpointFormModalProps) {
  const form = useForm({
    name: endpoint ? 'edit-webhook' : 'add-webhook',
    initialValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: [...(endpoint?.events ?? [])] as string[],
    },
    ...schemaForm(createWebhookRequestSchema),
  });

  async function save(fields: EndpointFields) {
    try {
      await onSubmit(fields);
    } catch (failure) {
      if (applyServerErrors(form, failure)) return;
      // The server looked the address up and found it is not a public one: said under the field, where it is fixed.
      if (errorCode(failure) === ErrorCode.WEBHOOK_ADDRESS_NOT_ALLOWED) {
        form.setFieldError('url', errorMessage(failure, 'This address is not allowed'));
        form.getInputNode('url')?.focus();
        return;
      }
      notify.error(errorMessage(failure, endpoint ? 'Failed to save the endpoint' : 'Failed to add the endpoint'));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={form.onSubmit(
          (values) => void save(values),
          (errors) => focusFirstError(form, errors),
        )}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="URL"
            placeholder="https://example.com/loadout"
            description="A public HTTPS address. Loadout posts each event there as JSON."
            required
            data-autofocus
            type="url"
            inputMode="url"
            autoComplete="off"
            maxLength={WEBHOOK_URL_MAX + 20}
            {...form.getInputProps('url')}
          />
          <TextInput
            label="Description"
            placeholder="e.g. Team chat bot"
            description="Optional: what receives these events."
            maxLength={WEBHOOK_DESCRIPTION_MAX + 20}
            {...form.getInputProps('description')}
          />
          <Checkbox.Group label="Events" description="Loadout sends only the events you choose." required {...form.getInputProps('events')}>
            <Stack gap="sm" mt="xs">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={WEBHOOK_EVENT_LABELS[type]} description={<Code fz="xs">{type}</Code>} />
              ))}
            </Stack>
          </Checkbox.Group>
          {endpoint ? null : (
            <Text size="xs" c="dimmed">
              You will see the endpoint’s signing secret once, right after adding it.
            </Text>
          )}
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              {endpoint ? 'Save changes' : 'Add endpoint'}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
