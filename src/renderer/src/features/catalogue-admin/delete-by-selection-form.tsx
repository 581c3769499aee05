import { Button, Paper, Select, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';

import { ConfirmModal } from '../../components/confirm-modal';
import { schemaForm } from '../../lib/schema-form';

interface DeleteBySelectionFormProps {
  title: string;
  selectLabel: string;
  placeholder: string;
  buttonLabel: string;
  /** The product's message when nothing is chosen. */
  requiredMessage: string;
  options: Array<{ value: string; label: string }>;
  loading: boolean;
  confirmText: (label: string) => ReactNode;
  /** Resolves true when the item was deleted. */
  onDelete: (value: string) => Promise<boolean>;
}

const NOTHING_SELECTED: { selected: string | null } = { selected: null };

/** "Delete a category" and "Delete an app": pick one, confirm, delete. */
export function DeleteBySelectionForm(props: DeleteBySelectionFormProps) {
  const { title, selectLabel, placeholder, buttonLabel, requiredMessage, options, loading, confirmText, onDelete } = props;
  const schema = useMemo(() => z.object({ selected: z.string({ error: requiredMessage }) }), [requiredMessage]);
  const form = useForm({ initialValues: NOTHING_SELECTED, ...schemaForm(schema) });
  const [confirming, setConfirming] = useState(false);
  const chosen = options.find((option) => option.value === form.values.selected);

  async function confirm() {
    if (!chosen) return;
    const deleted = await onDelete(chosen.value);
    setConfirming(false);
    if (deleted) form.reset();
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <form onSubmit={form.onSubmit(() => setConfirming(true))} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Select
            label={selectLabel}
            placeholder={placeholder}
            searchable
            clearable
            nothingFoundMessage="Nothing found"
            data={options}
            {...form.getInputProps('selected')}
          />
          <Button type="submit" color="red" variant="light" style={{ alignSelf: 'flex-start' }}>
            {buttonLabel}
          </Button>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming}
        title={title}
        confirmLabel="Delete"
        danger
        loading={loading}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      >
        {chosen ? confirmText(chosen.label) : null}
      </ConfirmModal>
    </Paper>
  );
}
