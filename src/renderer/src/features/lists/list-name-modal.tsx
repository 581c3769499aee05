import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { createListRequestSchema } from '@shared/api/lists';

import { errorMessage } from '../../lib/api-errors';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { schemaForm } from '../../lib/schema-form';

interface ListNameModalProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  loading: boolean;
  /** Said in a toast when the call fails without a message of its own. */
  failureMessage: string;
  /** Resolves when done; rejects with the refused call, whose field messages land under the field. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

const NAME_MAX = 100;

/** "New List" and "Rename List": one field, the name (src/shared/api/lists.ts rules). */
export function ListNameModal({ title, submitLabel, initialName = '', loading, failureMessage, onSubmit, onClose }: ListNameModalProps) {
  const form = useForm({ initialValues: { name: initialName }, ...schemaForm(createListRequestSchema) });

  async function save({ name }: { name: string }) {
    try {
      await onSubmit(name);
    } catch (failure) {
      if (!applyServerErrors(form, failure)) notify.error(errorMessage(failure, failureMessage));
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap="md">
          <TextInput
            label="List name"
            placeholder="e.g. New laptop"
            required
            data-autofocus
            maxLength={NAME_MAX + 20}
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
