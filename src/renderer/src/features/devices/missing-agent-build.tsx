import { Alert, Button, Code, Stack, Text } from '@mantine/core';

import type { AgentReleasesResponse, NativeAgentBuild, NativePlatform } from '@shared/api/client';

import { agentReleasesApi, useGetAgentReleasesQuery } from '../../api/agent-releases';
import { useCurrentUser } from '../../lib/hooks';

const NAMES: Readonly<Record<NativePlatform, string>> = { windows: 'Windows', macos: 'macOS', linux: 'Linux' };
/** While a build is under way the downloads are asked for again this often, so the new one appears by itself. */
export const BUILD_POLL_MS = 5_000;

/** The agent releases, asked for again every few seconds while the server is building a native agent. */
export function useAgentReleases() {
  const known = agentReleasesApi.endpoints.getAgentReleases.useQueryState();
  return useGetAgentReleasesQuery(undefined, { pollingInterval: known.data?.nativeBuild?.state === 'building' ? BUILD_POLL_MS : 0 });
}

/** The one command that builds this system's agent on the server (the x64 build also serves Apple Silicon, through Rosetta). */
export const buildCommand = (platform: NativePlatform) => `npm run build:agent-native -- --targets ${platform}-x64`;

function statusFor(build: NativeAgentBuild | undefined, platform: NativePlatform): NativeAgentBuild | null {
  return build?.builds.some((b) => b.platform === platform) ? build : null;
}

/** What an administrator is told: what is missing and the command that adds it, or that it is on its way. */
function AdminNote({ status, platform }: { status: NativeAgentBuild | null; platform: NativePlatform }) {
  if (status?.state === 'building') {
    const origin = status.startedWithServer ? 'Started with the server' : `Started with ${buildCommand(platform)}`;
    return <Text size="sm">{origin}: it appears here when it is ready, usually within a minute.</Text>;
  }
  return (
    <Text size="sm">
      {status?.state === 'failed' ? 'The last build of it failed; the server’s console says why. ' : ''}
      An administrator adds it by running <Code>{buildCommand(platform)}</Code> in Loadout’s folder on the server.
    </Text>
  );
}

interface MissingAgentBuildProps {
  releases: AgentReleasesResponse;
  platform: NativePlatform;
  onShowOtherWays: () => void;
}

/**
 * A system this server has no native agent for. An administrator learns why and how to add it
 * (or that `npm start` is building it); anyone else is pointed to what works now.
 */
export function MissingAgentBuild({ releases, platform, onShowOtherWays }: MissingAgentBuildProps) {
  const isAdmin = useCurrentUser()?.isAdmin === true;
  const status = statusFor(releases.nativeBuild, platform);
  const building = status?.state === 'building';
  return (
    <Alert
      color={building ? 'blue' : 'yellow'}
      variant="light"
      title={building ? `Building the ${NAMES[platform]} agent…` : `No ${NAMES[platform]} build on this server yet`}
    >
      <Stack gap="xs" align="flex-start">
        {isAdmin ? <AdminNote status={status} platform={platform} /> : null}
        {building && !isAdmin ? <Text size="sm">It appears here when it is ready, usually within a minute.</Text> : null}
        <Text size="sm">Choose another system above, or use the headless agent, which runs on any machine with Node.js 20 or later.</Text>
        <Button variant="light" size="xs" onClick={onShowOtherWays}>
          Show other ways
        </Button>
      </Stack>
    </Alert>
  );
}
