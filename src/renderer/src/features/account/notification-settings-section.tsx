import { Badge, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';

import type { NotificationSettingKey } from '@shared/api/notifications';
import { getPlan } from '@shared/plans';

import { useGetNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from '../../api/notifications';
import { useGetSubscriptionStatusQuery } from '../../api/subscription';
import { LoadError } from '../../components/load-error';
import { PremiumNote } from '../../components/premium-note';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';

interface SwitchText {
  key: NotificationSettingKey;
  label: string;
  description: string;
  premium: boolean;
}

const SWITCHES: readonly SwitchText[] = [
  {
    key: 'failureMails',
    label: 'Installation failures',
    description: 'An email when apps could not be installed on one of your devices, with what went wrong.',
    premium: false,
  },
  {
    key: 'updateDigest',
    label: 'Update digest',
    description: 'At most one email a day listing the apps on your devices that have a newer version.',
    premium: false,
  },
  {
    key: 'priorityMails',
    label: 'Priority emails',
    description:
      'An email as soon as a device reports a new update, without waiting for the digest, and when a machine has not reported for a day.',
    premium: true,
  },
  {
    key: 'inApp',
    label: 'In-app notifications',
    description: 'Failed installations and new updates in the notification centre, under the bell in the navbar.',
    premium: true,
  },
];

/** Settings → Notifications: one switch per kind; the Premium ones explain themselves on other plans. */
export function NotificationSettingsSection() {
  const { data: status } = useGetSubscriptionStatusQuery();
  // When the plan cannot be read the Premium switches stay usable: the server decides anyway.
  const premium = status ? getPlan(status.currentPlan.name).capabilities.priorityNotifications : true;
  const { data: settings, isLoading, isError, refetch } = useGetNotificationSettingsQuery();
  const [update, { isLoading: saving, originalArgs }] = useUpdateNotificationSettingsMutation();

  async function change(key: NotificationSettingKey, value: boolean) {
    try {
      await update({ [key]: value }).unwrap();
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to update notification settings. Please try again.'));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="notifications-heading">
      <Title order={2} fz="lg" id="notifications-heading">
        Notifications
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        Every notification email also has an unsubscribe link that turns its kind off in one click.
      </Text>
      {isLoading ? <Skeleton height={120} mt="sm" /> : null}
      {isError ? <LoadError what="your notification settings" onRetry={() => void refetch()} mt="sm" /> : null}
      {settings ? (
        <Stack gap="md" mt="md">
          {SWITCHES.map((item) => {
            const locked = item.premium && !premium;
            const pending = saving && originalArgs !== undefined && item.key in originalArgs;
            return (
              <Switch
                key={item.key}
                checked={settings[item.key] && !locked}
                disabled={locked || pending}
                onChange={(event) => void change(item.key, event.currentTarget.checked)}
                label={
                  <Group gap={6} component="span">
                    {item.label}
                    {item.premium ? (
                      <Badge size="xs" variant="light" component="span">
                        Premium
                      </Badge>
                    ) : null}
                  </Group>
                }
                description={item.description}
              />
            );
          })}
          {!premium ? <PremiumNote>Priority notifications are part of Premium.</PremiumNote> : null}
        </Stack>
      ) : null}
    </Paper>
  );
}
