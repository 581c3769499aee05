import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface CopyableTextProps {
  label: string;
  /** A command, a checksum or a link. */
  text: string;
  /** Names the copy button when the label is long or shared ("Copy: …" by default). */
  copyLabel?: string;
  testId?: string;
}

/**
 * A command, a checksum or a link in a monospace box that wraps inside itself, so a long line never
 * widens a phone's page, with a copy button whose "Copied" reaches screen readers too.
 */
export function CopyableText({ label, text, copyLabel = `Copy: ${label}`, testId }: CopyableTextProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block fz="xs" style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={testId}>
          {text}
        </Code>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <>
              <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                <ActionIcon variant="light" color={copied ? 'teal' : undefined} size="lg" aria-label={copyLabel} onClick={copy}>
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
              <VisuallyHidden role="status" aria-live="polite">
                {copied ? 'Copied' : ''}
              </VisuallyHidden>
            </>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
