import { Button, Group, Modal, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import type { ApiKey } from '@shared/api/api-keys';
import { getPlan } from '@shared/plans';

import { useGetApiKeysQuery, useRevokeApiKeyMutation } from '../../api/api-keys';
import { useGetSubscriptionStatusQuery } from '../../api/subscription';
import { LoadError } from '../../components/load-error';
import { PremiumNote } from '../../components/premium-note';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';

const CreateApiKeyModal = lazy(() => import('./create-api-key-modal').then((m) => ({ default: m.CreateApiKeyModal })));

function formatDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Settings → API Keys: personal keys for Premium; for other plans, what they are and where to get them. */
export function ApiKeysSection() {
  const { data: status, isLoading } = useGetSubscriptionStatusQuery();
  // When the plan cannot be read the section explains the feature; the server decides anyway.
  const included = status ? getPlan(status.currentPlan.name).capabilities.apiKeys : false;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="api-keys-heading">
      <Title order={2} fz="lg" id="api-keys-heading">
        API Keys
      </Title>
      {isLoading ? <Skeleton height={40} mt="sm" /> : included ? <ApiKeysManager /> : <UpgradeNote />}
    </Paper>
  );
}

function UpgradeNote() {
  return (
    <PremiumNote>
      API access is part of Premium. With a personal API key your scripts can read and change your lists, devices and installations through
      the same API as this app.
    </PremiumNote>
  );
}

function ApiKeysManager() {
  const { data, isLoading, isError, refetch } = useGetApiKeysQuery();
  const [createOpen, setCreateOpen] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = data?.apiKeys ?? [];
  return (
    <Stack gap="sm" mt="xs">
      <Group justify="space-between" align="center" gap="md">
        <Text size="sm" maw={480}>
          Use a key as <code>Authorization: Bearer …</code> to call the Loadout API with your account. Each key is shown once, when you
          create it.
        </Text>
        <Button onClick={() => setCreateOpen(true)}>Create API Key</Button>
      </Group>
      {isLoading ? <Skeleton height={40} /> : null}
      {isError ? <LoadError what="your API keys" onRetry={() => void refetch()} /> : null}
      {data && keys.length === 0 ? (
        <Text size="sm" c="dimmed">
          You have no API keys yet.
        </Text>
      ) : null}
      {keys.length > 0 ? (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label="API keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td ff="monospace">••••{key.lastFour}</Table.Td>
                  <Table.Td>{formatDate(key.createdAt)}</Table.Td>
                  <Table.Td>{key.lastUsedAt ? formatDate(key.lastUsedAt) : 'Never'}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {createOpen ? (
        <Suspense fallback={null}>
          <CreateApiKeyModal opened onClose={() => setCreateOpen(false)} />
        </Suspense>
      ) : null}
      <RevokeModal apiKey={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

function RevokeModal({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const [revoke, { isLoading }] = useRevokeApiKeyMutation();
  async function confirm(key: ApiKey) {
    try {
      await revoke(key.id).unwrap();
      notify.success(`API key "${key.name}" revoked`);
      onClose();
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to revoke the API key. Please try again.'));
    }
  }
  return (
    <Modal opened={apiKey !== null} onClose={onClose} title="Revoke API key" centered>
      {apiKey ? (
        <Stack gap="md">
          <Text size="sm">
            Revoke “{apiKey.name}” (••••{apiKey.lastFour})? Anything that uses it stops working at once. This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" loading={isLoading} onClick={() => void confirm(apiKey)}>
              Revoke
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
