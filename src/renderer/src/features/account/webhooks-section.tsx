import { Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { getPlan } from '@shared/plans';

import { useGetSubscriptionStatusQuery } from '../../api/subscription';
import { PremiumNote } from '../../components/premium-note';

const WHAT_THEY_ARE =
  'Loadout can post events to your own HTTPS addresses as they happen (an installation finished, a machine drifted from its group, a machine went silent, a rollback finished), signed, so that your chat, ticket system or scripts can act on them.';

/** Settings → Webhooks: what they are, and the way to the Webhooks screen (or to the plans that have them). */
export function WebhooksSection() {
  const { data: status, isLoading } = useGetSubscriptionStatusQuery();
  // When the plan cannot be read the section explains the feature; the server decides anyway.
  const included = status ? getPlan(status.currentPlan.name).capabilities.webhooks : false;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="webhooks-heading">
      <Title order={2} fz="lg" id="webhooks-heading">
        Webhooks
      </Title>
      {isLoading ? (
        <Skeleton height={40} mt="sm" />
      ) : included ? (
        <Group justify="space-between" align="center" mt="xs" gap="md">
          <Text size="sm" maw={480}>
            {WHAT_THEY_ARE}
          </Text>
          <Button component={Link} to="/webhooks" variant="default" leftSection={<IconWebhook size={16} aria-hidden />}>
            Manage webhooks
          </Button>
        </Group>
      ) : (
        <PremiumNote>Webhooks are part of Premium. {WHAT_THEY_ARE}</PremiumNote>
      )}
    </Paper>
  );
}
