import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { createListRequestSchema } from '@shared/api/lists';

import { schemaForm } from '../../lib/schema-form';

interface ListNameModalProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  loading: boolean;
  /** Resolves to the server's words to show under the field (the list-dialogs' errorMessage), or null when done. */
  onSubmit: (name: string) => Promise<string | null>;
  onClose: () => void;
}

const NAME_MAX = 100;

/** "New List" and "Rename List": one field, the name (src/shared/api/lists.ts rules). */
export function ListNameModal({ title, submitLabel, initialName = '', loading, onSubmit, onClose }: ListNameModalProps) {
  const form = useForm({ initialValues: { name: initialName }, ...schemaForm(createListRequestSchema) });

  async function save({ name }: { name: string }) {
    const error = await onSubmit(name);
    if (error) form.setFieldError('name', error);
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
