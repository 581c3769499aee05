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
  /** When the server searches (too many items to send them all): what is typed goes to it, and the options are its answer. */
  serverSearch?: { value: string; onChange: (value: string) => void; loading: boolean };
}

const NOTHING_SELECTED: { selected: string | null } = { selected: null };

/** "Delete a category" and "Delete an app": pick one, confirm, delete. */
export function DeleteBySelectionForm(props: DeleteBySelectionFormProps) {
  const { title, selectLabel, placeholder, buttonLabel, requiredMessage, options, loading, confirmText, onDelete, serverSearch } = props;
  const schema = useMemo(() => z.object({ selected: z.string({ error: requiredMessage }) }), [requiredMessage]);
  const form = useForm({ initialValues: NOTHING_SELECTED, ...schemaForm(schema) });
  const [confirming, setConfirming] = useState(false);
  // Kept once chosen: a server search may answer without it while the admin confirms.
  const [chosenOption, setChosenOption] = useState<{ value: string; label: string } | null>(null);
  const chosen =
    options.find((option) => option.value === form.values.selected) ??
    (chosenOption?.value === form.values.selected ? chosenOption : undefined);

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
            nothingFoundMessage={serverSearch?.loading ? 'Searching…' : 'Nothing found'}
            data={chosen && !options.includes(chosen) ? [chosen, ...options] : options}
            {...form.getInputProps('selected')}
            onChange={(value) => {
              setChosenOption(options.find((option) => option.value === value) ?? null);
              form.setFieldValue('selected', value);
            }}
            {...(serverSearch
              ? { searchValue: serverSearch.value, onSearchChange: serverSearch.onChange, filter: ({ options: found }) => found }
              : {})}
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
