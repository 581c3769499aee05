import { Alert, Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktopPlus, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import type { LoadoutBridge } from '@shared/desktop/bridge';
import { enrolmentDeepLink } from '@shared/desktop/links';

import { PageHeader } from '../../components/page-header';
import { PLATFORM_LABELS } from '../../components/platform-badges';
import { useIsAuthenticated } from '../../lib/hooks';
import { desktopBridge, type ClientPlatform } from '../../lib/platform';
import { registrationLink } from './agent-commands';
import { ConnectMachine } from './connect-machine';

const DownloadClientDialog = lazy(() =>
  import('../../components/download-client-dialog').then((m) => ({ default: m.DownloadClientDialog })),
);

function Way({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The desktop client, for a system this server has its installer for. */
function DesktopWays({ code, platform, onDownload }: { code: string; platform: ClientPlatform; onDownload: () => void }) {
  const origin = window.location.origin;
  return (
    <Stack gap="sm" component="section" aria-label="The desktop client">
      <Title order={3} fz="md">
        The desktop client
      </Title>
      <Text size="sm">
        If the Loadout desktop client is installed on this machine, it opens and adds the machine with this code. Otherwise install it for{' '}
        {PLATFORM_LABELS[platform]} first, then come back to this page.
      </Text>
      <Group gap="sm">
        <Button component="a" href={enrolmentDeepLink(origin, code)} leftSection={<IconExternalLink size={16} />}>
          Open in the desktop client
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onDownload}>
          Download Desktop Client
        </Button>
      </Group>
    </Stack>
  );
}

/** Inside the desktop window the code is used right here: the window is the client. */
function AddWithCode({ bridge, code }: { bridge: LoadoutBridge; code: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  async function add() {
    setBusy(true);
    try {
      const result = await bridge.enroll({ code });
      // The page says it where the button was; a toast saying it too would be the same message twice.
      setOutcome(result.ok ? { ok: true, message: 'This computer was added' } : { ok: false, message: result.message });
    } catch {
      setOutcome({ ok: false, message: 'Could not add this computer' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Way title="Add this computer">
      <Text size="sm">This computer receives installations from Loadout once it is added with this code.</Text>
      <div>
        <Button loading={busy} disabled={outcome?.ok} leftSection={<IconDeviceDesktopPlus size={16} />} onClick={() => void add()}>
          Add this computer
        </Button>
      </div>
      {outcome ? (
        <Alert color={outcome.ok ? 'green' : 'red'} variant="light" role="status">
          {outcome.message}
        </Alert>
      ) : null}
    </Way>
  );
}

/**
 * /devices/enroll?code=…: what a copied registration link opens on the machine to add. Public:
 * that machine is usually not signed in, and the code alone is what enrolment needs.
 */
export function EnrollPage() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const authenticated = useIsAuthenticated();
  const [downloadOpen, setDownloadOpen] = useState(false);
  const bridge = desktopBridge();

  if (!code) {
    return (
      <Stack maw={760} mx="auto" p="lg" gap={0}>
        <PageHeader title="Add this machine" />
        <Alert color="yellow" variant="light" title="This link has no registration code">
          Copy the registration link again from the Devices screen of the account the machine should join.
        </Alert>
      </Stack>
    );
  }

  const origin = window.location.origin;
  const link = registrationLink(origin, code);
  return (
    <Stack maw={760} mx="auto" p="lg" gap="md">
      <PageHeader
        title="Add this machine"
        description={
          <>
            Registration code <Code fw={600}>{code}</Code>. The code works for 24 hours at most.
            {authenticated ? null : ' You do not need to sign in here: the code is enough.'}
          </>
        }
      />
      {bridge ? <AddWithCode bridge={bridge} code={code} /> : null}
      <ConnectMachine
        link={link}
        origin={origin}
        desktopWays={
          // Inside the desktop window there is nothing to open or download: it is the client.
          bridge ? undefined : (platform) => <DesktopWays code={code} platform={platform} onDownload={() => setDownloadOpen(true)} />
        }
      />
      {authenticated ? (
        <Anchor component={Link} to="/devices" size="sm">
          Back to Devices
        </Anchor>
      ) : null}
      {downloadOpen ? (
        <Suspense fallback={null}>
          <DownloadClientDialog opened onClose={() => setDownloadOpen(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
