import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';

/** Shown over the form after a successful send. */
export function ThankYouOverlay() {
  return (
    <Center
      role="status"
      pos="absolute"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 2, borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden>
          <IconHeart size={30} />
        </ThemeIcon>
        <Title order={3}>Thank you</Title>
        <Text>Your feedback has been sent successfully.</Text>
      </Stack>
    </Center>
  );
}
