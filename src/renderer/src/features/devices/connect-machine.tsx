import { Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';

import type { NativePlatform } from '@shared/api/client';

import { useGetAgentReleasesQuery } from '../../api/agent-releases';
import { visitorPlatform } from '../../lib/platform';
import { AgentCommands } from './agent-commands';
import { AgentDownloads } from './agent-downloads';
import { Disclosure } from './disclosure';

interface ConnectMachineProps {
  /** The enrolment link, as the registration link carries it. */
  link: string;
  /** Where the machine reaches this server (the headless agent downloads from it). */
  origin: string;
  titleOrder?: 2 | 3;
  /** The desktop client's ways for the chosen system, shown under "Other ways" only when this server has its installer. */
  desktopWays?: (platform: NativePlatform) => ReactNode;
}

/**
 * How a machine joins with a registration link: the native agent for its system first (what
 * works on every machine without anything else installed), then, collapsed, the desktop client
 * where this server has it and the one-file agent for machines with Node.js.
 */
export function ConnectMachine({ link, origin, titleOrder = 2, desktopWays }: ConnectMachineProps) {
  const [platform, setPlatform] = useState<NativePlatform>(visitorPlatform);
  const [otherOpen, setOtherOpen] = useState(false);
  const desktop = useGetAgentReleasesQuery().data?.desktop[platform] ?? false;
  return (
    <Stack gap="md">
      <AgentDownloads
        link={link}
        platform={platform}
        onPlatformChange={setPlatform}
        onShowOtherWays={() => setOtherOpen(true)}
        titleOrder={titleOrder}
      />
      <Disclosure title="Other ways" opened={otherOpen} onChange={setOtherOpen}>
        <Stack gap="lg">
          {desktop && desktopWays ? desktopWays(platform) : null}
          <Stack gap="sm" component="section" aria-label="The headless agent">
            <Title order={titleOrder === 2 ? 3 : 4} fz="md">
              The headless agent
            </Title>
            <Text size="sm">
              One JavaScript file for any machine with Node.js 20 or later, such as a server you reach by terminal. Run these commands on
              the machine to add:
            </Text>
            <AgentCommands link={link} origin={origin} />
          </Stack>
        </Stack>
      </Disclosure>
    </Stack>
  );
}
