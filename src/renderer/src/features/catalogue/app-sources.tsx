import { Anchor, Collapse, List, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState } from 'react';

import type { App, AppSource } from '@shared/api/catalogue';
import { packageSource } from '@shared/package-managers';

import { useGetAppSourcesQuery } from '../../api/catalogue';

function SourceItem({ source }: { source: AppSource }) {
  const facts = [source.version && `version ${source.version}`, source.licence].filter(Boolean).join(' · ');
  return (
    <List.Item>
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {packageSource(source.field).label} {source.packageId}
        {facts ? ` (${facts})` : ''}
        {source.goneAt ? ' — no longer in its index' : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {source.evidence}
      </Text>
    </List.Item>
  );
}

function Sources({ app }: { app: App }) {
  const sources = useGetAppSourcesQuery(app.app_id);
  if (sources.isLoading) return <Text size="xs">Loading…</Text>;
  if (sources.isError) return <Text size="xs">Where it comes from could not be loaded.</Text>;
  return (
    <Stack gap={4}>
      {app.curated ? <Text size="xs">Written by people: its description and its package ids were chosen by hand.</Text> : null}
      {(sources.data ?? []).length > 0 ? (
        <List size="xs" spacing={4}>
          {(sources.data ?? []).map((source) => (
            <SourceItem key={`${source.field}:${source.packageId}`} source={source} />
          ))}
        </List>
      ) : null}
      {app.website ? (
        <Anchor href={app.website} size="xs" target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
          {app.website}
        </Anchor>
      ) : null}
    </Stack>
  );
}

/**
 * "Where it comes from": each package the app installs, what its manager's index says of it, and
 * why the catalogue says it is this app. Read only when opened.
 */
export function AppSources({ app }: { app: App }) {
  const [open, setOpen] = useState(false);
  // Read on the first opening, then kept: closing animates the list away rather than emptying it first.
  const [read, setRead] = useState(false);
  const panel = useId();
  return (
    <Stack gap={4}>
      <UnstyledButton
        onClick={() => {
          setOpen((value) => !value);
          setRead(true);
        }}
        aria-expanded={open}
        aria-controls={panel}
        style={{ alignSelf: 'flex-start' }}
      >
        <Text size="xs" c="dimmed" span>
          Where it comes from{' '}
          <IconChevronDown size={12} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined, verticalAlign: 'middle' }} />
        </Text>
      </UnstyledButton>
      <Collapse expanded={open} id={panel}>
        {read ? <Sources app={app} /> : null}
      </Collapse>
    </Stack>
  );
}
