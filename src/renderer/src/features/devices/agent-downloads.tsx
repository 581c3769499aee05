import { Alert, Button, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';

import type { AgentReleasesResponse, NativePlatform } from '@shared/api/client';

import { CopyableText } from '../../components/copyable-text';
import { downloadOptions, type DownloadOption } from './agent-download-options';
import { Disclosure } from './disclosure';
import { DownloadOptionCard } from './download-option-card';
import { MissingAgentBuild, useAgentReleases } from './missing-agent-build';

export const PLATFORM_NAMES: Readonly<Record<NativePlatform, string>> = { windows: 'Windows', macos: 'macOS', linux: 'Linux' };

/** What a person sees when opening an unsigned program there; said before they meet it. */
const UNSIGNED_NOTES: Readonly<Record<NativePlatform, string | null>> = {
  windows:
    'These builds are not signed by Microsoft. If Windows SmartScreen says “Windows protected your PC”, choose More info, then Run anyway.',
  macos: 'These builds are not signed by Apple: Gatekeeper refuses to open them until the download mark is removed (the xattr command).',
  linux: null,
};

function Verify({ options, publicKey }: { options: DownloadOption[]; publicKey: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <Disclosure title="Verify" opened={opened} onChange={setOpened} size="sm">
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          The commands above start with this check and stop before running anything when the file does not match. To check a saved file on
          its own: it prints OK when the file has the SHA-256 shown (PowerShell says nothing then, and stops with an error when not).
        </Text>
        {options.map((option) => (
          <CopyableText key={option.file} label={`Check ${option.file}`} text={option.verify} />
        ))}
        <CopyableText label="This server's release key (Ed25519, base64)" text={publicKey} copyLabel="Copy the release key" />
        <Text size="xs" c="dimmed">
          Every build is signed with this key. The agent keeps it when the machine is added and checks the builds it is given later against
          it.
        </Text>
      </Stack>
    </Disclosure>
  );
}

function Builds({ releases, platform, link, onShowOtherWays }: AgentDownloadsBodyProps) {
  const [moreOpen, setMoreOpen] = useState(false);
  const options = downloadOptions(releases.builds, platform, link);
  const [lead, ...others] = options;
  if (!lead) return <MissingAgentBuild releases={releases} platform={platform} onShowOtherWays={onShowOtherWays} />;
  const note = UNSIGNED_NOTES[platform];
  return (
    <Stack gap="sm">
      <DownloadOptionCard option={lead} lead />
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
      {others.length > 0 ? (
        <Disclosure title={`More downloads for ${PLATFORM_NAMES[platform]}`} opened={moreOpen} onChange={setMoreOpen} size="sm">
          <Stack gap="sm">
            {others.map((option) => (
              <DownloadOptionCard key={option.file} option={option} lead={false} />
            ))}
          </Stack>
        </Disclosure>
      ) : null}
      <Verify options={options} publicKey={releases.publicKey} />
    </Stack>
  );
}

interface AgentDownloadsBodyProps {
  releases: AgentReleasesResponse;
  platform: NativePlatform;
  link: string;
  onShowOtherWays: () => void;
}

interface AgentDownloadsProps {
  /** The enrolment link the commands carry. */
  link: string;
  platform: NativePlatform;
  onPlatformChange: (platform: NativePlatform) => void;
  /** Opens the "Other ways" section, where the headless agent is. */
  onShowOtherWays: () => void;
  titleOrder?: 2 | 3;
}

/**
 * "Download for Windows / macOS / Linux": the native agent for the chosen system with the one
 * command that connects the machine, the visitor's system first. A system without a build says
 * so and points to the other ways, rather than offering a download that cannot work.
 */
export function AgentDownloads({ link, platform, onPlatformChange, onShowOtherWays, titleOrder = 2 }: AgentDownloadsProps) {
  const releases = useAgentReleases();
  const headingId = useId();
  // The visitor's own system leads the control; fixed once shown, so the choices never move under the pointer.
  const [order] = useState<NativePlatform[]>(() => [platform, ...(['windows', 'macos', 'linux'] as const).filter((p) => p !== platform)]);

  let body;
  if (releases.isLoading) body = <Loader size="sm" role="status" aria-label="Loading the downloads" />;
  else if (!releases.data) {
    body = (
      <Alert color="red" variant="light" title="Could not load the downloads">
        <Button variant="light" size="xs" onClick={onShowOtherWays}>
          Show other ways
        </Button>
      </Alert>
    );
  } else body = <Builds releases={releases.data} platform={platform} link={link} onShowOtherWays={onShowOtherWays} />;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={titleOrder} fz="lg" id={headingId}>
        Download for {PLATFORM_NAMES[platform]}
      </Title>
      <Text size="sm">Download the Loadout agent on the machine to add, then run the command below it there. Nothing else to install.</Text>
      <SegmentedControl
        fullWidth
        aria-label="System of the machine to add"
        value={platform}
        onChange={onPlatformChange}
        data={order.map((value) => ({ value, label: PLATFORM_NAMES[value] }))}
      />
      {body}
    </Stack>
  );
}
