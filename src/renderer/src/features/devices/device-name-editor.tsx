import { Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';

import { LIMITS } from '@shared/constants';

/**
 * Rename a device: click the name to edit it, Enter saves, Escape (or leaving the
 * field) cancels; an empty or unchanged name cancels too. At most 255 characters.
 */
export function DeviceNameEditor({ name, onSave }: { name: string; onSave: (name: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function cancel() {
    setDraft(null);
    setError(null);
  }

  function commit() {
    const next = (draft ?? '').trim();
    if (!next || next === name) return cancel();
    if (next.length > LIMITS.deviceNameMax) return setError(`Device name must be at most ${LIMITS.deviceNameMax} characters`);
    cancel();
    onSave(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  }

  if (draft !== null) {
    return (
      <TextInput
        aria-label="Device name"
        value={draft}
        maxLength={LIMITS.deviceNameMax}
        error={error}
        size="sm"
        autoFocus
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={cancel}
        description="Enter to save, Escape to cancel"
        miw={240}
      />
    );
  }
  return (
    <UnstyledButton onClick={() => setDraft(name)} title="Click to rename" aria-label={`Rename ${name}`}>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} style={{ wordBreak: 'break-word' }}>
          {name}
        </Text>
        <IconPencil size={14} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
      </Group>
    </UnstyledButton>
  );
}
