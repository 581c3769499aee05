import { Center, Group, Loader, Text } from '@mantine/core';

/** A list or panel that is loading: a small spinner and what is coming, announced politely. */
export function LoadingRow({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}
