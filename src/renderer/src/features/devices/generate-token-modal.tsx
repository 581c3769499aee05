import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import type { DeviceToken } from '@shared/api/devices';

import { notify } from '../../lib/notify';
import { tokenErrorMessage } from './device-errors';
import { useCreateTokenMutation } from './devices-api';

/** SPEC §5 "Token generation": 1 ≤ max uses ≤ available seats. */
export function maxUsesError(value: number | string, availableSeats: number): string | null {
  if (availableSeats <= 0) return 'No available seats for new devices';
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(number) || number < 1) return 'Max uses must be at least 1';
  if (number > availableSeats) return `Max uses cannot exceed available seats (${availableSeats})`;
  return null;
}

interface GenerateTokenModalProps {
  opened: boolean;
  availableSeats: number;
  onClose: () => void;
  onGenerated: (token: DeviceToken) => void;
}

export function GenerateTokenModal({ opened, availableSeats, onClose, onGenerated }: GenerateTokenModalProps) {
  const [value, setValue] = useState<number | string>(1);
  const [touched, setTouched] = useState(false);
  const [createToken, { isLoading }] = useCreateTokenMutation();
  const error = maxUsesError(value, availableSeats);
  const noSeats = availableSeats <= 0;

  function close() {
    setValue(1);
    setTouched(false);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    try {
      const token = await createToken({ maxUses: Number(value) }).unwrap();
      notify.success(`Token ${token.code} generated`);
      onGenerated(token);
      close();
    } catch (failure) {
      notify.error(tokenErrorMessage(failure));
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Generate Registration Token" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            A token lets the desktop client register a machine with your account. It expires after 24 hours or when your seats are full.
          </Text>
          <NumberInput
            label="Max Uses"
            description={`How many machines may register with it. Available seats: ${Math.max(0, availableSeats)}`}
            value={value}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            disabled={noSeats}
            error={noSeats || touched ? error : null}
            onChange={(next) => {
              setValue(next);
              setTouched(true);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading} disabled={noSeats || (touched && error !== null)}>
              Generate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
