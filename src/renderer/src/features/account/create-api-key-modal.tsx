import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';

import { createApiKeyRequestSchema, type CreateApiKeyRequest, type CreateApiKeyResponse } from '@shared/api/api-keys';

import { useCreateApiKeyMutation } from '../../api/api-keys';
import { errorMessage } from '../../lib/api-errors';
import { applyServerErrors, focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';

/** The example call shown with a new key: the owner's lists, on this server. */
export function curlExample(origin: string, key: string): string {
  return `curl -H "Authorization: Bearer ${key}" ${origin}/api/lists`;
}

interface CreateApiKeyModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * "Create API Key": a name, then the key, shown this once with a copy button and an example
 * call. Closing forgets it (the mutation is reset), so it does not linger in the store.
 */
export function CreateApiKeyModal({ opened, onClose }: CreateApiKeyModalProps) {
  const [createApiKey, { data: created, isLoading, reset }] = useCreateApiKeyMutation();
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Your new API key' : 'Create API Key'}
      centered
      size="lg"
      closeOnClickOutside={!created}
    >
      {created ? (
        <NewKey created={created} onDone={close} />
      ) : (
        <NameForm loading={isLoading} onCancel={close} create={(request) => createApiKey(request).unwrap()} />
      )}
    </Modal>
  );
}

function NameForm(props: { loading: boolean; onCancel: () => void; create: (request: CreateApiKeyRequest) => Promise<unknown> }) {
  const form = useForm({ name: 'create-api-key', initialValues: { name: '' }, ...schemaForm(createApiKeyRequestSchema) });

  async function submit(request: CreateApiKeyRequest) {
    try {
      await props.create(request);
    } catch (failure) {
      if (applyServerErrors(form, failure)) return;
      notify.error(errorMessage(failure, 'Failed to create the API key. Please try again.'));
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit, (errors) => focusFirstError(form, errors))} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          description="What will use this key, e.g. “Backup script”"
          required
          data-autofocus
          maxLength={100}
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.loading}>
            Create API Key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block fz="xs" style={{ flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : label} withArrow>
            <ActionIcon variant="light" color={copied ? 'teal' : undefined} size="lg" aria-label={label} onClick={copy}>
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function NewKey({ created, onDone }: { created: CreateApiKeyResponse; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="Copy this key now">
        This key will not be shown again. Store it somewhere safe; if you lose it, revoke it and create a new one.
      </Alert>
      <Text size="sm" fw={500}>
        {created.name}
      </Text>
      <Copyable value={created.key} label="Copy API key" />
      <Text size="sm">Send it as a bearer token, for example to list your app lists:</Text>
      <Copyable value={curlExample(window.location.origin, created.key)} label="Copy example command" />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
