import { Alert, Button, Group, Text, type MantineSpacing } from '@mantine/core';

interface LoadErrorProps {
  /** "your API keys": the sentence is "We could not load your API keys." */
  what: string;
  onRetry: () => void;
  retrying?: boolean;
  mt?: MantineSpacing;
  mx?: MantineSpacing;
  mb?: MantineSpacing;
}

/** A section whose data did not load: says which, and offers to try again in place. */
export function LoadError({ what, onRetry, retrying = false, ...spacing }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" {...spacing}>
      <Group justify="space-between">
        <Text size="sm">We could not load {what}.</Text>
        <Button size="xs" variant="light" color="red" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
