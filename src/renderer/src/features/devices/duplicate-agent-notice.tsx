import { Alert, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';

import type { Device } from '@shared/api/devices';

/**
 * One agent per enrolment: a second one connected with this machine's credential (its folder
 * copied to another machine, or a second process). The newer connection took over and the older
 * agent waits; the person learns when, from where, and what to do.
 */
export function DuplicateAgentNotice({ device }: { device: Device }) {
  const duplicate = device.duplicate_agent;
  // The server sends it for a week after it happened.
  if (!duplicate) return null;
  const when = new Date(duplicate.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Alert color="orange" variant="light" icon={<IconCopy size={18} aria-hidden />} title="Another agent with this enrolment connected">
      <Text size="sm">
        An agent using this machine&apos;s enrolment connected{duplicate.from ? ` from ${duplicate.from}` : ''} on {when}, while one was
        connected. Only one runs at a time: the other one waits and tries again later. If this machine&apos;s Loadout folder was copied to
        another machine, enrol that machine with a token of its own.
      </Text>
    </Alert>
  );
}
