import { Button, Code, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import type { DeviceToken } from '@shared/api/devices';

import { notify } from '../../lib/notify';
import { AgentCommands } from './agent-commands';
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
  const [generated, setGenerated] = useState<DeviceToken | null>(null);
  const [createToken, { isLoading }] = useCreateTokenMutation();
  const error = maxUsesError(value, availableSeats);
  const noSeats = availableSeats <= 0;

  function close() {
    setValue(1);
    setTouched(false);
    setGenerated(null);
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
      setGenerated(token);
    } catch (failure) {
      notify.error(tokenErrorMessage(failure));
    }
  }

  if (generated) {
    return (
      <Modal opened={opened} onClose={close} title="Registration Token Generated" centered size="lg">
        <GeneratedToken token={generated} onDone={close} />
      </Modal>
    );
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

/** Where the machine reaches this server: the link's origin (the server's PUBLIC_URL). */
function originOf(link: string): string {
  try {
    return new URL(link).origin;
  } catch {
    return window.location.origin;
  }
}

/** The result: the code for the desktop client, and the headless agent's commands with its link. */
function GeneratedToken({ token, onDone }: { token: DeviceToken; onDone: () => void }) {
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(token.registration_url);
      notify.success('Registration link copied');
    } catch {
      notify.error('Failed to copy registration link');
    }
  }
  return (
    <Stack gap="md">
      <Text size="sm">
        Enter the code <Code fw={600}>{token.code}</Code> in the desktop client on the machine to add, or open the registration link there.
      </Text>
      <Group>
        <Button variant="default" size="xs" onClick={() => void copyLink()}>
          Copy registration link
        </Button>
      </Group>
      <Text size="sm" fw={600}>
        A machine without a desktop
      </Text>
      <AgentCommands link={token.registration_url} origin={originOf(token.registration_url)} />
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
