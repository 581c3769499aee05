import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

import { useGetAccountQuery, useLazyGetAccountDebugQuery } from '../../api/account';
import { CenteredLoader } from '../../components/centered-loader';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { AccountForm } from './account-form';
import { ApiKeysSection } from './api-keys-section';
import { DeleteAccountModal } from './delete-account-modal';
import { NotificationSettingsSection } from './notification-settings-section';
import { PlanBillingSection } from './plan-billing-section';
import { ResetLinkModal } from './reset-link-modal';
import { UpdatePoliciesSection } from './update-policies-section';
import { WebhooksSection } from './webhooks-section';

/** When the account cannot load, say whether the account API answers at all (the product's fallback messages). */
function useReportLoadFailure(isError: boolean) {
  const [probeDebug] = useLazyGetAccountDebugQuery();
  const reported = useRef(false);
  useEffect(() => {
    if (!isError) {
      reported.current = false;
      return;
    }
    if (reported.current) return;
    reported.current = true;
    notify.error('Failed to load account details');
    probeDebug(undefined, false)
      .unwrap()
      .then(() => notify.warning('Account API is working but the main endpoint failed'))
      .catch(() => notify.error('Account API routes not properly registered'));
  }, [isError, probeDebug]);
}

export function SettingsPage() {
  const { data: account, isLoading, isError, refetch, isFetching } = useGetAccountQuery();
  const [resetOpen, setResetOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  useReportLoadFailure(isError);

  return (
    <Container size="md" py="xl">
      <PageHeader title="Account Settings" description="Your profile, password and account." />
      {isLoading ? <CenteredLoader label="Loading your account…" /> : null}
      {isError && !account ? (
        <Alert color="red" variant="light" title="We could not load your account">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button size="xs" variant="light" color="red" loading={isFetching} onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {account ? (
        <Stack gap="lg">
          <AccountForm key={account.id} account={account} onSendResetLink={() => setResetOpen(true)} />
          <PlanBillingSection />
          <NotificationSettingsSection />
          <UpdatePoliciesSection />
          <ApiKeysSection />
          <WebhooksSection />
          <Paper
            withBorder
            p="lg"
            radius="md"
            component="section"
            aria-labelledby="danger-heading"
            style={{ borderColor: 'var(--mantine-color-red-6)' }}
          >
            <Title order={2} fz="lg" c="red" id="danger-heading">
              Danger Zone
            </Title>
            <Group justify="space-between" align="center" mt="xs" gap="md">
              <Text size="sm" maw={480}>
                Deleting your account removes your lists, devices and settings for good.
              </Text>
              <Button color="red" variant="outline" onClick={() => setDeleteOpen(true)}>
                Delete Account
              </Button>
            </Group>
          </Paper>
          <ResetLinkModal opened={resetOpen} defaultEmail={account.email} onClose={() => setResetOpen(false)} />
          <DeleteAccountModal opened={deleteOpen} onClose={() => setDeleteOpen(false)} />
        </Stack>
      ) : null}
    </Container>
  );
}
