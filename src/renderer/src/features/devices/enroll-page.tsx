import { Alert, Anchor, Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktopPlus, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import type { LoadoutBridge } from '@shared/desktop/bridge';
import { enrolmentDeepLink } from '@shared/desktop/links';

import { PageHeader } from '../../components/page-header';
import { PLATFORM_LABELS } from '../../components/platform-badges';
import { useIsAuthenticated } from '../../lib/hooks';
import { notify } from '../../lib/notify';
import { desktopBridge, detectPlatform } from '../../lib/platform';
import { AgentCommands, registrationLink } from './agent-commands';

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

/** Inside the desktop window the code is used right here: the window is the client. */
function AddWithCode({ bridge, code }: { bridge: LoadoutBridge; code: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  async function add() {
    setBusy(true);
    try {
      const result = await bridge.enroll({ code });
      if (result.ok) notify.success('This computer was added');
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
  const platform = detectPlatform();
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
            Registration code <Code fw={600}>{code}</Code>. Choose one way to connect this machine to Loadout; the code works for 24 hours
            at most.{authenticated ? null : ' You do not need to sign in here: the code is enough.'}
          </>
        }
      />
      {bridge ? (
        <AddWithCode bridge={bridge} code={code} />
      ) : (
        <Way title="Open in the desktop client">
          <Text size="sm">If the Loadout desktop client is installed on this machine, it opens and adds the machine with this code.</Text>
          <div>
            <Button component="a" href={enrolmentDeepLink(origin, code)} leftSection={<IconExternalLink size={16} />}>
              Open in the desktop client
            </Button>
          </div>
        </Way>
      )}
      {/* Nothing to download inside the desktop window: it is the client. */}
      {bridge ? null : (
        <Way title="Install the desktop client">
          <Text size="sm">
            This looks like a {PLATFORM_LABELS[platform]} machine. Download the client, install it, then come back to this page and open it
            in the client.
          </Text>
          <div>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => setDownloadOpen(true)}>
              Download Desktop Client
            </Button>
          </div>
        </Way>
      )}
      <Way title="A machine without a desktop">
        <Text size="sm">
          On a server or any machine you reach by terminal, the headless agent does the same job. Run these commands on the machine to add:
        </Text>
        <AgentCommands link={link} origin={origin} />
      </Way>
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
