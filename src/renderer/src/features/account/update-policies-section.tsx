import { Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { PremiumNote } from '../../components/premium-note';
import { usePlanIncludes } from '../../components/use-plan-includes';

const WHAT_THEY_ARE =
  "Update policies let your apps update by themselves in a maintenance window on each machine's own clock: all updates or security updates only, for your account, a group, a machine or a list, leaving the apps you choose alone.";

/** Settings → Update policies: what they are, and the way to the Update policies screen (or to the plans that have them). */
export function UpdatePoliciesSection() {
  const included = usePlanIncludes('updateSchedules');
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="update-policies-heading">
      <Title order={2} fz="lg" id="update-policies-heading">
        Update policies
      </Title>
      {included === undefined ? (
        <Skeleton height={40} mt="sm" />
      ) : included ? (
        <Group justify="space-between" align="center" mt="xs" gap="md">
          <Text size="sm" maw={480}>
            {WHAT_THEY_ARE}
          </Text>
          <Button component={Link} to="/updates" variant="default" leftSection={<IconCalendarTime size={16} aria-hidden />}>
            Manage update policies
          </Button>
        </Group>
      ) : (
        <PremiumNote>Custom update schedules are part of Premium. {WHAT_THEY_ARE}</PremiumNote>
      )}
    </Paper>
  );
}
