import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

interface ListNameModalProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  loading: boolean;
  /** Resolves to an error to show under the field, or null when done. */
  onSubmit: (name: string) => Promise<string | null>;
  onClose: () => void;
}

const NAME_MAX = 100;

/** "New List" and "Rename List": one field, the name (src/shared/api/lists.ts rules). */
export function ListNameModal({ title, submitLabel, initialName = '', loading, onSubmit, onClose }: ListNameModalProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('List name is required');
    if (trimmed.length > NAME_MAX) return setError(`List name must be at most ${NAME_MAX} characters`);
    setError(await onSubmit(trimmed));
  }

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="List name"
            placeholder="e.g. New laptop"
            required
            data-autofocus
            maxLength={NAME_MAX + 20}
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
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
