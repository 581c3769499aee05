import { Alert, Anchor } from '@mantine/core';
import { IconCircleCheck, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import type { Device, DeviceToken } from '@shared/api/devices';

import { useGetDevicesQuery } from '../../api/devices';
import { isEnrolled } from '../../lib/enrolled-machine';

/**
 * The machines enrolled while the token's instructions are open: ones the list did not have when
 * they opened, made since the token was. The list is kept live by the event stream (a `devices`
 * event refetches it), so this follows the enrolment and the agent's connection as they happen.
 */
export function newMachines(
  devices: readonly Device[],
  before: ReadonlySet<string> | null,
  token: Pick<DeviceToken, 'created_at'>,
): Device[] {
  if (before === null) return [];
  const since = Date.parse(token.created_at);
  return devices.filter((device) => isEnrolled(device) && !before.has(device.device_id) && Date.parse(device.created_at) >= since - 1000);
}

/** "<name> is connected", with a link to it, when a machine joins with this token while its instructions are open. */
export function MachineJoined({ token }: { token: DeviceToken }) {
  const { data } = useGetDevicesQuery();
  // The devices there already when the instructions opened (or when the list first arrived).
  const [before, setBefore] = useState<ReadonlySet<string> | null>(() => (data ? new Set(data.devices.map((d) => d.device_id)) : null));
  if (before === null && data) setBefore(new Set(data.devices.map((d) => d.device_id)));
  const joined = newMachines(data?.devices ?? [], before, token);
  if (joined.length === 0) return null;
  return (
    <>
      {joined.map((machine) => {
        const online = machine.connection_status === 'online';
        return (
          <Alert
            key={machine.device_id}
            role="status"
            variant="light"
            color={online ? 'green' : 'blue'}
            icon={online ? <IconCircleCheck size={18} aria-hidden /> : <IconPlugConnected size={18} aria-hidden />}
            title={online ? `${machine.device_name} is connected` : `${machine.device_name} is added`}
          >
            {online ? 'It is ready for installations. ' : 'Waiting for its agent to connect. '}
            <Anchor component={Link} to={`/devices/${encodeURIComponent(machine.device_id)}`} size="sm">
              Open {machine.device_name}
            </Anchor>
          </Alert>
        );
      })}
    </>
  );
}
