import { ActionIcon, Box, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { formatLastActive } from '@shared/format';
import { getPlan } from '@shared/plans';

import { useGetNotificationsQuery, useMarkNotificationsReadMutation, type Notification } from '../../api/notifications';
import { useGetSubscriptionStatusQuery } from '../../api/subscription';
import { LoadError } from '../../components/load-error';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';

/** The navbar's bell (Premium priority notifications); nothing on plans without the centre. */
export function NotificationBell() {
  const { data: status } = useGetSubscriptionStatusQuery();
  if (!status || !getPlan(status.currentPlan.name).capabilities.priorityNotifications) return null;
  return <NotificationCentre />;
}

function unreadLabel(count: number): string {
  return count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
}

/** The bell with its unread count, opening the list; kept fresh by the event stream's `notifications` topic. */
export function NotificationCentre() {
  const { data, isError, isFetching, refetch } = useGetNotificationsQuery();
  const [markRead, { isLoading: marking }] = useMarkNotificationsReadMutation();
  const [opened, setOpened] = useState(false);
  const headingId = useId();
  const navigate = useNavigate();
  const unread = data?.unreadCount ?? 0;
  const notifications = data?.notifications ?? [];

  async function read(ids?: string[]) {
    try {
      await markRead(ids ? { ids } : {}).unwrap();
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to mark notifications as read. Please try again.'));
    }
  }

  function open(notification: Notification) {
    setOpened(false);
    if (!notification.readAt) void read([notification.id]);
    if (notification.link) void navigate(notification.link);
  }

  // The count's Indicator wraps the popover, not the other way round: Popover.Target puts aria-haspopup and aria-expanded on
  // its child, which axe refuses on the Indicator's plain div (aria-allowed-attr, serious); on the button they belong.
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} offset={6} color="red" disabled={unread === 0} inline>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withArrow trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unreadLabel(unread)}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((value) => !value)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-labelledby={headingId}>
          <Group justify="space-between" px="md" py="sm">
            <Text fw={600} id={headingId}>
              Notifications
            </Text>
            <Button size="compact-sm" variant="subtle" disabled={unread === 0} loading={marking} onClick={() => void read()}>
              Mark all as read
            </Button>
          </Group>
          {isError ? <LoadError what="your notifications" onRetry={() => void refetch()} retrying={isFetching} mx="md" mb="md" /> : null}
          {data && notifications.length === 0 ? (
            <Text size="sm" c="dimmed" px="md" pb="md">
              No notifications yet. Failed installations and new updates reported by your devices will appear here.
            </Text>
          ) : null}
          {notifications.length > 0 ? (
            <ScrollArea.Autosize mah={420} type="auto">
              <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notification list">
                {notifications.map((notification) => (
                  <Box component="li" key={notification.id} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                    <UnstyledButton onClick={() => open(notification)} px="md" py="sm" w="100%">
                      <Group gap="xs" wrap="nowrap" align="flex-start">
                        <Box
                          w={8}
                          h={8}
                          mt={6}
                          style={{ borderRadius: 4, flex: 'none' }}
                          bg={notification.readAt ? 'transparent' : 'blue'}
                          aria-hidden
                        />
                        <Stack gap={2} style={{ minWidth: 0 }}>
                          <Text size="sm" fw={notification.readAt ? 400 : 600}>
                            {notification.title}
                            {notification.readAt ? null : <VisuallyHidden> (unread)</VisuallyHidden>}
                          </Text>
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lineClamp={4}>
                            {notification.body}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatLastActive(notification.createdAt)}
                          </Text>
                        </Stack>
                      </Group>
                    </UnstyledButton>
                  </Box>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          ) : null}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
