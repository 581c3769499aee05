import { Badge, Group, List, ScrollArea, Text } from '@mantine/core';

import type { RemovalCheck } from '../api/removal-checks';

/**
 * Every package a removal check said the removal takes, the app's own marked "the app" and the
 * others "also removed": what the person confirms (a machine's uninstall, a group's removal).
 */
export function RemovedPackages({ answer, label = 'Packages that would be removed' }: { answer: RemovalCheck; label?: string }) {
  return (
    // A long list scrolls: its box takes the focus so that the keyboard can scroll it too.
    <ScrollArea.Autosize mah={260} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      <List size="sm" spacing={4} aria-label={label}>
        {answer.removes.map((entry) => (
          <List.Item key={entry.name}>
            {/* On a phone the badge goes under a long name rather than squeezing it. */}
            <Group gap="xs" wrap="wrap" style={{ rowGap: 0 }}>
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {entry.name}
              </Text>
              {entry.version ? (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {entry.version}
                </Text>
              ) : null}
              {entry.name === answer.packageId ? (
                <Badge size="xs" variant="light" miw="max-content">
                  the app
                </Badge>
              ) : (
                <Badge size="xs" variant="light" color="orange" miw="max-content">
                  also removed
                </Badge>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
    </ScrollArea.Autosize>
  );
}
