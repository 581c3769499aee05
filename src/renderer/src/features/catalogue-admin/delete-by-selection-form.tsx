import { Button, Paper, Select, Stack, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';

interface DeleteBySelectionFormProps {
  title: string;
  selectLabel: string;
  placeholder: string;
  buttonLabel: string;
  /** SPEC §5's message when nothing is chosen. */
  requiredMessage: string;
  options: Array<{ value: string; label: string }>;
  loading: boolean;
  confirmText: (label: string) => ReactNode;
  /** Resolves true when the item was deleted. */
  onDelete: (value: string) => Promise<boolean>;
}

/** "Delete a category" and "Delete an app" (SPEC §2): pick one, confirm, delete. */
export function DeleteBySelectionForm(props: DeleteBySelectionFormProps) {
  const { title, selectLabel, placeholder, buttonLabel, requiredMessage, options, loading, confirmText, onDelete } = props;
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = options.find((option) => option.value === value);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) {
      setError(requiredMessage);
      return;
    }
    setConfirming(true);
  }

  async function confirm() {
    if (!chosen) return;
    const deleted = await onDelete(chosen.value);
    setConfirming(false);
    if (deleted) setValue(null);
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <form onSubmit={handleSubmit} noValidate>
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
            value={value}
            error={error}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
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
