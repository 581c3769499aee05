import { Alert, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';

import { useGetAdminStatsQuery } from '../../api/admin';

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={700}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={28} mt={6} w={60} />
      ) : (
        <Text fz={26} fw={800}>
          {value.toLocaleString()}
        </Text>
      )}
    </Paper>
  );
}

/** The counts at the top of the console: people, catalogue, lists, feedback. */
export function StatsGrid() {
  const { data, isError } = useGetAdminStatsQuery();
  if (isError) return <Alert color="red" variant="light" title="The statistics could not be loaded" />;
  const stats: Array<[string, number | undefined]> = [
    ['Users', data?.users],
    ['Admins', data?.admins],
    ['Lists', data?.lists],
    ['Feedback', data?.feedback],
    ['Categories', data?.categories],
    ['Apps', data?.apps],
    ['Windows apps', data?.appsPerPlatform.windows],
    ['macOS apps', data?.appsPerPlatform.macos],
    ['Linux apps', data?.appsPerPlatform.linux],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 9 }} spacing="sm">
      {stats.map(([label, value]) => (
        <Stat key={label} label={label} value={value} />
      ))}
    </SimpleGrid>
  );
}
