import { Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import type { Device } from '@shared/api/devices';

import { useDeviceList } from '../../api/devices';
import { SearchMachineModal } from '../../components/search-machine-modal';
import { isEnrolled } from '../../lib/enrolled-machine';

/**
 * Under a catalogue search that found nothing: search the package managers of one of your
 * machines for the same words, and add what it finds to a list as your own app. Only machines
 * with the agent can search; without one, nothing is shown (your own app's form is above).
 */
export function SearchMachinesPrompt({ search }: { search: string }) {
  const devices = useDeviceList();
  const machines = (devices.data ?? []).filter(isEnrolled);
  const [machine, setMachine] = useState<Device | null>(null);
  if (machines.length === 0) return null;

  const icon = <IconSearch size={14} aria-hidden />;
  return (
    <Group gap="xs" justify="center" wrap="wrap">
      <Text size="sm" c="dimmed">
        Not in the catalogue? Your machines’ package managers may have it.
      </Text>
      {machines.length === 1 ? (
        <Button size="xs" variant="light" leftSection={icon} onClick={() => setMachine(machines[0] ?? null)}>
          Search {machines[0]?.device_name}
        </Button>
      ) : (
        <Menu position="bottom" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" leftSection={icon} rightSection={<IconChevronDown size={14} aria-hidden />}>
              Search a machine
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {machines.map((candidate) => (
              <Menu.Item key={candidate.device_id} onClick={() => setMachine(candidate)}>
                {candidate.device_name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <SearchMachineModal
        opened={machine !== null}
        deviceId={machine?.device_id ?? ''}
        deviceName={machine?.device_name ?? ''}
        title={machine ? `Search ${machine.device_name}` : ''}
        initialQuery={search.trim()}
        onClose={() => setMachine(null)}
      />
    </Group>
  );
}
