import { Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';

import { ErrorCode } from '@shared/api/error-codes';
import { formatLastActive } from '@shared/format';
import { managerLabel } from '@shared/package-managers';

import { useGetGenerationQuery, useGetGenerationsQuery, type GenerationSummary } from '../../api/generations';
import { LoadError } from '../../components/load-error';
import { LoadingRow } from '../../components/loading-row';
import { PremiumNote } from '../../components/premium-note';
import { UnbrokenWords } from '../../components/unbroken-words';
import { errorCode, errorStatus } from '../../lib/api-errors';
import { changeWords, generationTitle } from './generation-words';
import { RollbackReview } from './rollback-modal';

/** Generations listed before "Show all". */
const SHOWN_AT_FIRST = 10;
/** Changes of a generation listed before "and N more". */
const CHANGES_AT_FIRST = 3;

function exactTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function Changes({ generation }: { generation: GenerationSummary }) {
  const [all, setAll] = useState(false);
  const { changes } = generation;
  if (changes.length === 0) return null;
  const more = changes.length - CHANGES_AT_FIRST;
  const shown = all || more <= 0 ? changes : changes.slice(0, CHANGES_AT_FIRST);
  return (
    <Stack component="ul" gap={0} m={0} pl="md" aria-label="What changed">
      {shown.map((change) => (
        <Text component="li" size="sm" key={change.appId} style={{ overflowWrap: 'anywhere' }}>
          {changeWords(change, generation.kind)}
        </Text>
      ))}
      {more > 0 ? (
        <Text component="li" size="sm" c="dimmed">
          <Anchor component="button" type="button" size="sm" onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? 'Show fewer' : `and ${more} more`}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}

/** Every app and version the machine had after the generation, read when the person asks. */
function GenerationApps({ deviceId, number }: { deviceId: string; number: number }) {
  const query = useGetGenerationQuery({ deviceId, number });
  if (query.isLoading) return <Loader size="xs" role="status" aria-label={`Loading the apps of generation ${number}`} />;
  if (query.isError || !query.data)
    return <LoadError what={`the apps of generation ${number}`} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data.apps.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No catalogue apps.
      </Text>
    );
  return (
    <Stack component="ul" gap={0} m={0} pl="md" aria-label={`Apps after generation ${number}`}>
      {query.data.apps.map((app) => (
        <Text component="li" size="sm" key={app.appId} style={{ overflowWrap: 'anywhere' }}>
          <UnbrokenWords text={app.name} /> {app.version ?? 'unknown version'}
          {app.manager ? (
            <Text span size="xs" c="dimmed">
              {' '}
              ({managerLabel(app.manager)})
            </Text>
          ) : null}
        </Text>
      ))}
    </Stack>
  );
}

function GenerationCard({
  deviceId,
  generation,
  latest,
  onRollBack,
}: {
  deviceId: string;
  generation: GenerationSummary;
  latest: boolean;
  onRollBack: (number: number) => void;
}) {
  const [appsShown, setAppsShown] = useState(false);
  const headingId = `generation-${generation.number}`;
  const apps = generation.appCount === 1 ? '1 app' : `${generation.appCount} apps`;
  return (
    <Paper withBorder radius="sm" p="sm" component="article" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
          <Group gap="xs" wrap="wrap" align="baseline">
            <Title order={3} fz="sm" id={headingId}>
              {generationTitle(generation)}
            </Title>
            {latest ? (
              <Badge size="sm" variant="light" tt="none" miw="max-content">
                Latest
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            <time dateTime={generation.createdAt} title={exactTime(generation.createdAt)}>
              {formatLastActive(generation.createdAt)}
            </time>
          </Text>
        </Group>
        <Changes generation={generation} />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Anchor component="button" type="button" size="xs" onClick={() => setAppsShown(!appsShown)} aria-expanded={appsShown}>
            {appsShown ? `Hide its ${apps}` : `Show its ${apps}`}
          </Anchor>
          {latest ? null : (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              onClick={() => onRollBack(generation.number)}
              // Every card has one: the name says which generation (the visible words start it, as axe asks).
              aria-label={`Roll back to this: generation ${generation.number}`}
            >
              Roll back to this
            </Button>
          )}
        </Group>
        {appsShown ? <GenerationApps deviceId={deviceId} number={generation.number} /> : null}
      </Stack>
    </Paper>
  );
}

function GenerationList({
  deviceId,
  generations,
  onRollBack,
}: {
  deviceId: string;
  generations: GenerationSummary[];
  onRollBack: (number: number) => void;
}) {
  const [all, setAll] = useState(false);
  if (generations.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No generations yet: each change Loadout makes to this machine records one, so you can go back to it.
      </Text>
    );
  // The server answers newest first; the newest is what the machine has, so it offers no rollback.
  const latest = Math.max(...generations.map((generation) => generation.number));
  const shown = all ? generations : generations.slice(0, SHOWN_AT_FIRST);
  return (
    <Stack gap="xs">
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Generations, newest first">
        {shown.map((generation) => (
          <li key={generation.number}>
            <GenerationCard deviceId={deviceId} generation={generation} latest={generation.number === latest} onRollBack={onRollBack} />
          </li>
        ))}
      </Stack>
      {generations.length > SHOWN_AT_FIRST ? (
        <Anchor component="button" type="button" size="sm" onClick={() => setAll(!all)} style={{ alignSelf: 'flex-start' }}>
          {all ? 'Show fewer' : `Show all ${generations.length}`}
        </Anchor>
      ) : null}
    </Stack>
  );
}

/**
 * "Generations" on an enrolled machine's page (Annual Premium): the machine's apps and versions
 * after each change Loadout made, newest first, what changed in each, and a rollback to any
 * earlier one, previewed before anything runs. Without the plan, what it is and where to get it.
 * Nothing shows on a server without generations (404) or for a device that is not an enrolled
 * machine (the server's 400), which the page should not have asked about.
 */
export function DeviceGenerations({ deviceId, deviceName }: { deviceId: string; deviceName: string }) {
  const query = useGetGenerationsQuery(deviceId, { refetchOnMountOrArgChange: true });
  // The number stays while the dialog closes, so its title does not blank during the transition.
  const [rollback, setRollback] = useState<{ number: number; opened: boolean } | null>(null);
  const close = () => setRollback((current) => (current ? { ...current, opened: false } : null));

  let body;
  if (query.isLoading) {
    body = <LoadingRow label="Loading generations..." />;
  } else if (query.isError || !query.data) {
    const code = errorCode(query.error);
    if (errorStatus(query.error) === 404 || code === ErrorCode.DEVICE_NOT_ELIGIBLE) return null;
    body =
      code === ErrorCode.PLAN_FEATURE_REQUIRED ? (
        <PremiumNote>
          Generations and rollback are part of Annual Premium: each change Loadout makes to a machine records its apps and versions, and you
          can roll the machine back to any of them.
        </PremiumNote>
      ) : (
        <LoadError what="this machine's generations" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      );
  } else {
    body = (
      <GenerationList
        deviceId={deviceId}
        generations={query.data.generations}
        onRollBack={(number) => setRollback({ number, opened: true })}
      />
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="generations-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="generations-heading">
          Generations
        </Title>
        {body}
      </Stack>
      <Modal
        opened={rollback?.opened ?? false}
        onClose={close}
        title={rollback ? `Roll back to generation ${rollback.number}` : ''}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {/* Mounted only while open: each opening asks for the plan afresh, since the machine may have changed. */}
        {rollback?.opened ? (
          <RollbackReview key={rollback.number} deviceId={deviceId} deviceName={deviceName} number={rollback.number} onClose={close} />
        ) : null}
      </Modal>
    </Paper>
  );
}
