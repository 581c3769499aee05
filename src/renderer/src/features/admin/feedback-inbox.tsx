import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';

import type { FeedbackItem } from '@shared/api/feedback';
import { formatLastActive } from '@shared/format';

import { useGetAdminFeedbackQuery } from '../../api/admin';

const TYPE_BADGES: Readonly<Record<FeedbackItem['type'], { label: string; color: string }>> = {
  bug: { label: 'Bug', color: 'red' },
  suggestion: { label: 'Suggestion', color: 'blue' },
  other: { label: 'Other', color: 'gray' },
};

function FeedbackEntry({ item }: { item: FeedbackItem }) {
  const badge = TYPE_BADGES[item.type];
  const from = item.email ?? item.userEmail;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`${badge.label} feedback`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
          <Text size="xs" c="dimmed" title={new Date(item.createdAt).toLocaleString()}>
            {formatLastActive(item.createdAt)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.message}
        </Text>
        <Text size="xs" c="dimmed">
          {from ? `From ${from}` : 'No email given'} · on {item.url || 'an unknown page'}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1} title={item.userAgent}>
          {item.userAgent}
        </Text>
      </Stack>
    </Paper>
  );
}

/** What users sent with the Feedback button, newest first. */
export function FeedbackInbox() {
  const { data, isLoading, isError } = useGetAdminFeedbackQuery();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="feedback-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="feedback-title">
          Feedback
        </Title>
        {isLoading ? (
          <Loader size="sm" role="status" aria-label="Loading feedback" />
        ) : isError ? (
          <Text c="red">The feedback could not be loaded.</Text>
        ) : !data || data.length === 0 ? (
          <Text c="dimmed">No feedback yet.</Text>
        ) : (
          data.map((item) => <FeedbackEntry key={item.id} item={item} />)
        )}
      </Stack>
    </Paper>
  );
}
