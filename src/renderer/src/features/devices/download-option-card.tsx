import { Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

import { CopyableText } from '../../components/copyable-text';
import { formatSize, type DownloadOption } from './agent-download-options';

/**
 * One native build: a plain link to the file (the server sends it as an attachment, so no
 * script stands between the click and the download), its size and SHA-256, then the commands.
 */
export function DownloadOptionCard({ option, lead }: { option: DownloadOption; lead: boolean }) {
  const { build, file } = option;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={option.title}>
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {option.title}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button
            component="a"
            href={build.url}
            download={file}
            variant={lead ? 'filled' : 'default'}
            leftSection={<IconDownload size={16} aria-hidden />}
            aria-label={`Download ${file}`}
          >
            Download
          </Button>
          <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            <Code>{file}</Code> · {formatSize(build.size)}
          </Text>
        </Group>
        <CopyableText label="SHA-256" text={build.sha256} copyLabel={`Copy the SHA-256 of ${file}`} />
        {option.steps.map((step, index) => (
          <CopyableText
            key={step.command}
            label={option.steps.length > 1 ? `${index + 1}. ${step.label}` : step.label}
            text={step.command}
            copyLabel={`Copy: ${step.label}`}
          />
        ))}
      </Stack>
    </Paper>
  );
}
