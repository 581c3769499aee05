import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';

import { usageLevel, type UsageLevel } from './device-labels';

const LEVEL_COLORS: Readonly<Record<UsageLevel, string>> = { ok: 'blue', warning: 'yellow', full: 'red' };

function usageText(level: UsageLevel, free: number): string {
  if (level === 'full') return 'Seat limit reached';
  return free === 1 ? '1 seat left' : `${free} seats available`;
}

/** The summary: Total Devices (active/limit), Active Today and the usage bar. */
export function DeviceSummary({ seatsUsed, seatLimit, activeToday }: { seatsUsed: number; seatLimit: number; activeToday: number }) {
  const level = usageLevel(seatsUsed, seatLimit);
  const percent = seatLimit > 0 ? Math.min(100, (seatsUsed / seatLimit) * 100) : 0;
  return (
    <Paper withBorder p="md" radius="md" mb="lg" component="section" aria-label="Device summary">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Total Devices
          </Text>
          <Text fz={26} fw={700} aria-label="Total Devices">
            {seatsUsed}/{seatLimit}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Active Today
          </Text>
          <Text fz={26} fw={700} aria-label="Active Today">
            {activeToday}
          </Text>
        </Stack>
      </SimpleGrid>
      <Stack gap={6} mt="md">
        <Progress value={percent} color={LEVEL_COLORS[level]} size="lg" radius="xl" aria-label="Seat usage" data-level={level} />
        <Group justify="space-between">
          <Text size="sm" c={level === 'ok' ? 'dimmed' : level === 'warning' ? 'yellow' : 'red.8'} fw={level === 'ok' ? 400 : 600}>
            {usageText(level, Math.max(0, seatLimit - seatsUsed))}
          </Text>
          <Text size="sm" c="dimmed">
            {seatsUsed} of {seatLimit} seats used
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
