import { Stack, Text } from '@mantine/core';

import type { AgentUpdateView, Device } from '@shared/api/devices';

/** One line under the version: how the agent's self-update went, in the words the person needs. */
export function agentUpdateLine(update: AgentUpdateView, current: string | null): { text: string; color: string } {
  switch (update.state) {
    case 'downloading':
    case 'installing':
    case 'restarting':
      return { text: `Updating to ${update.version}…`, color: 'blue' };
    case 'failed':
      return { text: `Update failed: ${update.message ?? `${update.version} could not be installed`}`, color: 'red' };
    case 'rolled-back':
      return { text: `Rolled back to ${current ?? 'the previous version'}: ${update.version} did not start`, color: 'orange' };
    case 'held':
      return { text: `Updates held by the administrator (${update.version} is available)`, color: 'dimmed' };
  }
}

/** The agent's version on the device page, with its update when one is under way, failed, rolled back or held. */
export function AgentVersion({ device }: { device: Device }) {
  const update = device.agent_update ?? null;
  const line = update ? agentUpdateLine(update, device.agent_version) : null;
  return (
    <Stack gap={2}>
      <Text size="sm">{device.agent_version ?? 'Not reported yet'}</Text>
      {line ? (
        <Text size="xs" c={line.color}>
          {line.text}
        </Text>
      ) : null}
    </Stack>
  );
}
