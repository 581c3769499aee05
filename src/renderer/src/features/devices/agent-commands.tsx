import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** The page a registration link opens (the server's registration_url has the same shape). */
export function registrationLink(origin: string, code: string): string {
  return `${origin}/devices/enroll?code=${encodeURIComponent(code)}`;
}

/**
 * The headless agent's commands for a machine without a desktop: fetch the one-file agent,
 * enrol with the registration link, run it, and (optionally) keep it running as a service.
 * Double quotes: the same line works in sh, cmd and PowerShell (the link has no $ or `).
 */
export function agentCommands(origin: string, link: string): Array<{ label: string; command: string }> {
  return [
    {
      label: 'Download the agent and add this machine',
      command: `curl -fsSLo loadout-agent.mjs ${origin}/api/client/agent && node loadout-agent.mjs enroll "${link}"`,
    },
    { label: 'Run it', command: 'node loadout-agent.mjs run' },
    { label: 'Or keep it running as a service, also after a restart', command: 'sudo node loadout-agent.mjs service install' },
  ];
}

function CommandLine({ label, command }: { label: string; command: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block fz="xs" style={{ flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {command}
        </Code>
        <CopyButton value={command}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy command'} withArrow>
              <ActionIcon variant="light" color={copied ? 'teal' : undefined} size="lg" aria-label={`Copy: ${label}`} onClick={copy}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** Copyable commands for the headless agent (Node.js 20 or later, no other dependency). */
export function AgentCommands({ link, origin = window.location.origin }: { link: string; origin?: string }) {
  return (
    <Stack gap="sm">
      {agentCommands(origin, link).map((line) => (
        <CommandLine key={line.command} {...line} />
      ))}
      <Text size="xs" c="dimmed">
        Needs Node.js 20 or later. On Windows, run them in an administrator Command Prompt and leave out sudo.
      </Text>
    </Stack>
  );
}
