import { Loader, Stack, Text } from '@mantine/core';

import { useGetAgentReleasesQuery } from '../../api/agent-releases';
import { CopyableText } from '../../components/copyable-text';

/** The page a registration link opens (the server's registration_url has the same shape). */
export function registrationLink(origin: string, code: string): string {
  return `${origin}/devices/enroll?code=${encodeURIComponent(code)}`;
}

const FILE = 'loadout-agent.mjs';

/**
 * The headless agent's commands for a machine without a desktop: fetch the one-file agent, check
 * its SHA-256 and only then enrol with the registration link (a file that does not match is never
 * run, as root or otherwise), run it, and (optionally) keep it running as a service. The link has
 * no $ or `, so double quotes keep it whole in sh and PowerShell alike.
 */
export function agentCommands(origin: string, link: string, sha256: string): Array<{ label: string; command: string }> {
  const download = `curl -fsSLo ${FILE} ${origin}/api/client/agent`;
  const enroll = `node ${FILE} enroll "${link}"`;
  const checkLine = `echo "${sha256}  ${FILE}"`;
  return [
    {
      label: 'Linux: download the agent, check it and add this machine',
      command: `${download} && ${checkLine} | sha256sum -c && ${enroll}`,
    },
    {
      label: 'macOS: download the agent, check it and add this machine',
      command: `${download} && ${checkLine} | shasum -a 256 -c && ${enroll}`,
    },
    {
      label: 'Windows (PowerShell): download the agent, check it and add this machine',
      command:
        `curl.exe -fsSLo ${FILE} ${origin}/api/client/agent; ` +
        `if ((Get-FileHash ${FILE} -Algorithm SHA256).Hash -eq "${sha256}") { ${enroll} } ` +
        `else { Write-Error "${FILE} does not match its SHA-256: do not run it" }`,
    },
    { label: 'Run it', command: `node ${FILE} run` },
    { label: 'Or keep it running as a service, also after a restart', command: `sudo node ${FILE} service install` },
  ];
}

/**
 * Copyable commands for the headless agent (Node.js 20 or later, no other dependency), with the
 * SHA-256 of the file this server serves. Without it there is no download command: one that runs
 * whatever arrived is what the checksum is there to prevent.
 */
export function AgentCommands({ link, origin = window.location.origin }: { link: string; origin?: string }) {
  const releases = useGetAgentReleasesQuery();
  const sha256 = releases.data?.builds.find((build) => build.format === 'mjs')?.sha256;
  if (releases.isLoading) return <Loader size="sm" role="status" aria-label="Loading the agent's checksum" />;
  if (!sha256) {
    return (
      <Text size="sm" c="dimmed">
        The headless agent is not available on this server yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <CopyableText label="SHA-256 of loadout-agent.mjs" text={sha256} />
      {agentCommands(origin, link, sha256).map((line) => (
        <CopyableText key={line.command} label={line.label} text={line.command} />
      ))}
      <Text size="xs" c="dimmed">
        Needs Node.js 20 or later. The agent runs only if the downloaded file has this SHA-256. On Windows, run them in an administrator
        PowerShell and leave out sudo.
      </Text>
    </Stack>
  );
}
