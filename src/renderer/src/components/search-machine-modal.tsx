import { Alert, Badge, Button, Code, Group, Loader, Menu, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';

import type { ManagerSearchView } from '@shared/api/device-searches';
import type { OwnAppRequest } from '@shared/api/own-apps';
import { isValidSearchQuery, SEARCH_QUERY_MAX, SEARCH_QUERY_MESSAGE, type SearchResult } from '@shared/machine-search';
import { fieldOfPackage, managerLabel } from '@shared/package-managers';

import { deviceSearchesApi, useGetDeviceSearchQuery, useStartDeviceSearchMutation, type DeviceSearch } from '../api/device-searches';
import { useAddListItemMutation, useGetListsQuery } from '../api/lists';
import { ownAppExistsOf, useCreateOwnAppMutation } from '../api/own-apps';
import { errorMessage } from '../lib/api-errors';
import { notify } from '../lib/notify';

interface SearchMachineModalProps {
  opened: boolean;
  deviceId: string;
  deviceName: string;
  /** What to search for, filled in (the "Add apps" search that found nothing); the person still presses Search. */
  initialQuery?: string;
  /** The dialog's title: "Search this machine" on its own page, its name where it was picked from several. */
  title?: string;
  onClose: () => void;
}

/** How often a running search is read again. */
const POLL_MS = 750;

/** The own app's package-id field a result of this manager fills. */
function ownAppOf(manager: ManagerSearchView['manager'], result: SearchResult): OwnAppRequest | null {
  const field = fieldOfPackage(manager, result.cask);
  return field === null ? null : { name: result.name.slice(0, 100), [field]: result.id };
}

/** The device page's button that opens the search (enrolled machines only: their agent searches). */
export function SearchMachineButton({ deviceId, deviceName }: { deviceId: string; deviceName: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconSearch size={14} aria-hidden />} onClick={() => setOpened(true)}>
        Search this machine
      </Button>
      <SearchMachineModal opened={opened} deviceId={deviceId} deviceName={deviceName} onClose={() => setOpened(false)} />
    </>
  );
}

/**
 * Searches the package managers of one machine through its agent, for apps the catalogue lacks.
 * Answers appear manager by manager as they come; each result can be added to one of the
 * person's lists as their own app, with exactly the id the manager gave.
 */
export function SearchMachineModal({
  opened,
  deviceId,
  deviceName,
  initialQuery = '',
  title = 'Search this machine',
  onClose,
}: SearchMachineModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      {opened ? <SearchForm deviceId={deviceId} deviceName={deviceName} initialQuery={initialQuery} /> : null}
    </Modal>
  );
}

function SearchForm({ deviceId, deviceName, initialQuery }: { deviceId: string; deviceName: string; initialQuery: string }) {
  const [query, setQuery] = useState(initialQuery.slice(0, SEARCH_QUERY_MAX));
  const [invalid, setInvalid] = useState(false);
  const [start, started] = useStartDeviceSearchMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = query.trim();
    if (!isValidSearchQuery(wanted)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    void start({ deviceId, query: wanted });
  };

  const searchId = started.data?.searchId ?? '';
  const skip = !started.data || started.isLoading;
  const args = { deviceId, searchId };
  const known = deviceSearchesApi.endpoints.getDeviceSearch.useQueryState(args, { skip });
  const search = useGetDeviceSearchQuery(args, {
    skip,
    pollingInterval: !known.data || known.data.status === 'searching' ? POLL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  const answer = !skip && search.data?.searchId === searchId ? search.data : (started.data ?? null);

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            data-autofocus
            flex={1}
            label="Search for"
            placeholder="A name or id, such as firefox"
            value={query}
            maxLength={SEARCH_QUERY_MAX}
            onChange={(event) => setQuery(event.currentTarget.value)}
            error={invalid ? SEARCH_QUERY_MESSAGE : null}
          />
          <Button type="submit" mt={25} loading={started.isLoading} leftSection={<IconSearch size={16} aria-hidden />}>
            Search
          </Button>
        </Group>
      </form>
      {started.isError ? (
        <Alert color="red" variant="light" title="Cannot search">
          {errorMessage(started.error, `Failed to ask ${deviceName} to search`)}
        </Alert>
      ) : answer ? (
        <Answer answer={answer} deviceName={deviceName} />
      ) : (
        <Text size="sm" c="dimmed">
          Type a name and press Search: {deviceName} asks each of its package managers, and you can add what it finds to a list.
        </Text>
      )}
    </Stack>
  );
}

function Answer({ answer, deviceName }: { answer: DeviceSearch; deviceName: string }) {
  if (answer.managers.length === 0)
    return (
      <Alert color="yellow" variant="light" title="Nothing to search">
        {deviceName} has no package manager Loadout can search.
      </Alert>
    );
  return (
    <Stack gap="sm" aria-live="polite">
      {answer.status === 'superseded' ? (
        <Text size="sm" c="dimmed">
          A newer search replaced this one.
        </Text>
      ) : null}
      {answer.managers.map((manager) => (
        <ManagerAnswer key={manager.manager} manager={manager} deviceName={deviceName} />
      ))}
    </Stack>
  );
}

function ManagerAnswer({ manager, deviceName }: { manager: ManagerSearchView; deviceName: string }) {
  const title = managerLabel(manager.manager);
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group gap="xs" justify="space-between">
          <Text fw={600} size="sm">
            {title}
          </Text>
          {manager.status === 'done' && manager.results.length > 0 ? (
            <Text size="xs" c="dimmed">
              {manager.results.length} {manager.results.length === 1 ? 'result' : 'results'}
              {manager.truncated ? ' (more matched: type more to narrow it)' : ''}
            </Text>
          ) : null}
        </Group>
        {manager.status === 'searching' ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Searching…</Text>
          </Group>
        ) : manager.status === 'unanswered' ? (
          <Text size="sm" c="dimmed">
            {title} on {deviceName} did not answer in time.
          </Text>
        ) : (
          <>
            {manager.error ? (
              <Text size="sm" c="red">
                {manager.error}
              </Text>
            ) : null}
            {manager.results.length === 0 && !manager.error ? (
              <Text size="sm" c="dimmed">
                No results
              </Text>
            ) : null}
            {manager.results.map((result) => (
              <ResultRow key={`${result.cask ? 'cask' : ''}:${result.id}`} manager={manager.manager} result={result} />
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ResultRow({ manager, result }: { manager: ManagerSearchView['manager']; result: SearchResult }) {
  return (
    <Group gap="sm" justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2} miw={0}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={500}>
            {result.name}
          </Text>
          {result.version ? (
            <Badge variant="light" color="gray" tt="none" size="sm">
              {result.version}
            </Badge>
          ) : null}
          {result.cask ? (
            <Badge variant="light" tt="none" size="sm">
              cask
            </Badge>
          ) : null}
        </Group>
        <Code style={{ overflowWrap: 'anywhere', width: 'fit-content' }}>{result.id}</Code>
        {result.description ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {result.description}
          </Text>
        ) : null}
      </Stack>
      <AddToList manager={manager} result={result} />
    </Group>
  );
}

function AddToList({ manager, result }: { manager: ManagerSearchView['manager']; result: SearchResult }) {
  const lists = useGetListsQuery();
  const [createOwnApp, creating] = useCreateOwnAppMutation();
  const [addItem, adding] = useAddListItemMutation();
  const request = ownAppOf(manager, result);
  if (!request) return null;

  // A package the person has as their app already is that app: adding what a machine found is
  // about the package, so the one they have goes into the list (the form, unlike this, refuses).
  const ownAppFor = async (app: OwnAppRequest): Promise<number> => {
    try {
      return (await createOwnApp(app).unwrap()).app_id;
    } catch (error) {
      const existing = ownAppExistsOf(error);
      if (existing) return existing.appId;
      throw error;
    }
  };

  const add = async (listId: string, listName: string) => {
    try {
      const appId = await ownAppFor(request);
      await addItem({ listId, appId }).unwrap();
      notify.success(`Added ${result.name} to ${listName} as your app`);
    } catch (error) {
      notify.error(errorMessage(error, `Failed to add ${result.name} to ${listName}`));
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          loading={creating.isLoading || adding.isLoading}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Add ${result.name} to a list`}
          style={{ flexShrink: 0 }}
        >
          Add to list
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {lists.isLoading ? <Menu.Label>Loading your lists…</Menu.Label> : null}
        {lists.data?.length === 0 ? <Menu.Label>No lists yet: create one on the Lists screen</Menu.Label> : null}
        {(lists.data ?? []).map((list) => (
          <Menu.Item key={list.id} onClick={() => void add(list.id, list.name)}>
            {list.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
