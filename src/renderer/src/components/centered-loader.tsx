import { Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';

export function CenteredLoader({ label }: { label?: string }) {
  return (
    <Center py={80} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        {label ? <Text c="dimmed">{label}</Text> : <VisuallyHidden>Loading…</VisuallyHidden>}
      </Stack>
    </Center>
  );
}
