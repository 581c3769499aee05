import { ActionIcon, Alert, Button, Code, Group, Modal, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconDownload, IconKey, IconListDetails, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';

import type { Device, DeviceToken } from '@shared/api/devices';

import { useDeleteTokenMutation, useGetTokensQuery } from '../../api/devices';
import { notify } from '../../lib/notify';
import { isDesktop } from '../../lib/platform';
import { AdminDeviceNotice, mayGenerateTokens } from './admin-device-notice';
import { GeneratedToken, GenerateTokenModal } from './generate-token-modal';

const DownloadClientDialog = lazy(() =>
  import('../../components/download-client-dialog').then((m) => ({ default: m.DownloadClientDialog })),
);

/** Remembered in localStorage; forgotten with the account (lib/session ONBOARDING_FLAG_KEYS). */
const NOTE_KEY = 'tokenNoteDismissed';

/** A token is active while not expired and uses < max_uses. */
export function isActiveToken(token: DeviceToken, now: Date = new Date()): boolean {
  return new Date(token.expires_at).getTime() > now.getTime() && token.uses < token.max_uses;
}

function TokenRow({ token, onShow }: { token: DeviceToken; onShow: () => void }) {
  const [remove, { isLoading }] = useDeleteTokenMutation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(token.registration_url);
      notify.success('Registration link copied');
    } catch {
      notify.error('Failed to copy registration link');
    }
  }
  async function revoke() {
    try {
      await remove(token.id).unwrap();
      notify.success('Token revoked');
    } catch {
      notify.error('Failed to revoke token');
    }
  }
  const expires = new Date(token.expires_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper withBorder p="sm" radius="md" aria-label={`Token ${token.code}`} component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Code fz="md" fw={600}>
            {token.code}
          </Code>
          <Text size="sm" c="dimmed">
            Uses {token.uses}/{token.max_uses} · Expires {expires}
          </Text>
          {token.groupName ? <Text size="sm">Joins {token.groupName}</Text> : null}
        </Stack>
        <Group gap="xs">
          <Button variant="default" size="sm" leftSection={<IconListDetails size={16} aria-hidden />} onClick={onShow}>
            How to add a machine
          </Button>
          <Tooltip label="Copy registration link">
            <ActionIcon variant="light" size="lg" aria-label="Copy registration link" onClick={() => void copy()}>
              <IconCopy size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete token">
            <ActionIcon variant="light" color="red" size="lg" aria-label="Delete token" loading={isLoading} onClick={() => void revoke()}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

interface DeviceTokensSectionProps {
  availableSeats: number;
  /** The account's devices once loaded: whether this browser is an admin device, and which is. */
  devices: readonly Device[] | undefined;
  onGenerated: () => void;
}

/** "Device Registration Tokens": generate, copy and delete the codes that enrol machines. */
export function DeviceTokensSection({ availableSeats, devices, onGenerated }: DeviceTokensSectionProps) {
  const allowed = mayGenerateTokens(devices);
  const query = useGetTokensQuery();
  const [generateOpen, setGenerateOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  // A token's instructions again, from the list: the server keeps each active code (encrypted) so its link can be shown again.
  const [shownId, setShownId] = useState<string | null>(null);
  const [noteDismissed, setNoteDismissed] = useState(() => localStorage.getItem(NOTE_KEY) === 'true');
  const tokens = (query.data ?? []).filter((token) => isActiveToken(token));
  const shown = tokens.find((token) => token.id === shownId) ?? null;

  useEffect(() => {
    if (query.isError) notify.error('Failed to load device tokens');
  }, [query.isError]);

  return (
    <Stack component="section" aria-labelledby="tokens-heading" gap="md" mt="xl">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="xl" id="tokens-heading">
          Device Registration Tokens
        </Title>
        <Group gap="sm">
          {/* The desktop window is the client already: "This computer" above adds it. */}
          {isDesktop() ? null : (
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => setDownloadOpen(true)}>
              Install Desktop Client
            </Button>
          )}
          <Button leftSection={<IconKey size={16} />} disabled={!allowed} onClick={() => setGenerateOpen(true)}>
            Generate Token
          </Button>
        </Group>
      </Group>
      {devices && !allowed ? <AdminDeviceNotice devices={devices} /> : null}
      {noteDismissed ? null : (
        <Alert
          variant="light"
          color="blue"
          title="How registration tokens work"
          withCloseButton
          closeButtonLabel="Dismiss note"
          onClose={() => {
            localStorage.setItem(NOTE_KEY, 'true');
            setNoteDismissed(true);
          }}
        >
          Generate a token, then on the machine you want to add download the agent its dialog offers and run the one command shown (or open
          the token&apos;s registration link on that machine). Each use takes one seat; a token expires after 24 hours or when your seats
          are full.
        </Alert>
      )}
      {query.isError ? (
        <Text c="red" size="sm">
          Failed to load device tokens
        </Text>
      ) : tokens.length === 0 ? (
        <Text c="dimmed" size="sm">
          No active tokens. Generate one to add a machine: its dialog shows what to download and run there.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label="Active tokens">
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} onShow={() => setShownId(token.id)} />
          ))}
        </Stack>
      )}
      <Modal opened={shown !== null} onClose={() => setShownId(null)} title={`Registration token ${shown?.code ?? ''}`} centered size="lg">
        {shown ? <GeneratedToken token={shown} onDone={() => setShownId(null)} /> : null}
      </Modal>
      <GenerateTokenModal
        opened={generateOpen}
        availableSeats={availableSeats}
        onClose={() => setGenerateOpen(false)}
        onGenerated={onGenerated}
      />
      {downloadOpen ? (
        <Suspense fallback={null}>
          <DownloadClientDialog
            opened
            onClose={() => setDownloadOpen(false)}
            onUseAgent={() => {
              setDownloadOpen(false);
              if (allowed) setGenerateOpen(true);
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
