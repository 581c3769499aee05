import { Alert, Anchor, Badge, Button, Card, Container, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconDownload, IconLinkOff, IconListDetails, IconPin } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { PLATFORMS } from '@shared/api/catalogue';
import type { ListDetail } from '@shared/api/lists';
import type { SharedList } from '@shared/api/shared-lists';

import { useDeviceList } from '../../api/devices';
import { useCopySharedListMutation, useGetSharedListQuery } from '../../api/shared-lists';
import { AppIcon } from '../../components/app-icon';
import { CenteredLoader } from '../../components/centered-loader';
import { PackageIds } from '../../components/package-ids';
import { PageHeader } from '../../components/page-header';
import { PLATFORM_LABELS, PlatformBadges } from '../../components/platform-badges';
import { errorMessage, errorStatus } from '../../lib/api-errors';
import { useIsAuthenticated } from '../../lib/hooks';
import { signInRedirectPath } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { isInstallTarget } from './install-devices';
import { InstallListDialog } from './install-list-dialog';
import { limitProblemOf, type LimitProblem } from './plan-limits';

/** "Windows: 3 of 4 apps", per platform: what a visitor's machine would get. */
function Availability({ list }: { list: SharedList }) {
  const total = list.apps.length;
  return (
    <Group gap="xs" wrap="wrap" aria-label="Apps per platform">
      {PLATFORMS.map((platform) => {
        const count = list.apps.filter((app) => app.platforms.includes(platform)).length;
        return (
          <Badge key={platform} variant="light" color={count === 0 ? 'gray' : 'indigo'} radius="sm" tt="none" size="lg">
            {PLATFORM_LABELS[platform]}: {count} of {total} {total === 1 ? 'app' : 'apps'}
          </Badge>
        );
      })}
    </Group>
  );
}

function NotShared() {
  return (
    <>
      <PageHeader title="This list is not shared" />
      <EmptyState
        py={32}
        variant="light"
        icon={<IconLinkOff size={32} aria-hidden />}
        description="Its owner may have stopped sharing it, or the link is incomplete. Public lists are in the gallery."
      >
        <EmptyState.Actions>
          <Button component={Link} to="/gallery">
            Browse the gallery
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </>
  );
}

/**
 * /shared/{shareId}: a list someone shared, for anyone with the link, signed in or not. It
 * shows the list's apps and where they install, never who shared it. "Copy to my lists"
 * makes a private copy; "Install on my devices" copies, then installs the copy as any list.
 */
export function SharedListPage() {
  const { shareId = '' } = useParams();
  const navigate = useNavigate();
  const authenticated = useIsAuthenticated();
  const { data: list, isLoading, isError, error, refetch } = useGetSharedListQuery(shareId);
  const { data: devices } = useDeviceList({ skip: !authenticated });
  const [copyList, copying] = useCopySharedListMutation();
  const [limit, setLimit] = useState<LimitProblem | null>(null);
  const [installing, setInstalling] = useState<ListDetail | null>(null);
  const hasMachines = (devices ?? []).some(isInstallTarget);
  const here = `/shared/${encodeURIComponent(shareId)}`;

  async function copy(): Promise<ListDetail | null> {
    try {
      const copied = await copyList(shareId).unwrap();
      setLimit(null);
      return copied;
    } catch (failure) {
      const problem = limitProblemOf(failure);
      if (problem) setLimit(problem);
      else notify.error(errorMessage(failure, 'Failed to copy the list'));
      return null;
    }
  }

  async function copyToMyLists() {
    const copied = await copy();
    if (!copied) return;
    notify.success(`“${copied.name}” is now in your lists`);
    void navigate(`/app-list?list=${encodeURIComponent(copied.id)}`);
  }

  async function installOnMyDevices() {
    const copied = await copy();
    if (copied) setInstalling(copied);
  }

  let content;
  if (isLoading) content = <CenteredLoader label="Loading the list..." />;
  else if (errorStatus(error) === 404) content = <NotShared />;
  else if (isError || !list) {
    content = (
      <Alert color="red" variant="light" title="The list could not be loaded">
        <Button size="xs" variant="default" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    content = (
      <Stack gap="lg">
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            A shared list
            {list.categoryName ? ` · ${list.categoryName}` : ''}
            {list.copyCount > 0 ? ` · copied ${list.copyCount} ${list.copyCount === 1 ? 'time' : 'times'}` : ''}
          </Text>
          <Title order={1} fz={30} style={{ overflowWrap: 'anywhere' }}>
            {list.name}
          </Title>
          {list.description ? <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{list.description}</Text> : null}
        </Stack>
        {list.apps.length > 0 ? <Availability list={list} /> : null}
        {authenticated ? (
          <Group gap="sm" wrap="wrap">
            <Button leftSection={<IconCopy size={16} aria-hidden />} loading={copying.isLoading} onClick={() => void copyToMyLists()}>
              Copy to my lists
            </Button>
            {hasMachines && list.apps.length > 0 ? (
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={copying.isLoading}
                onClick={() => void installOnMyDevices()}
              >
                Install on my devices
              </Button>
            ) : null}
          </Group>
        ) : (
          <Card withBorder radius="md" padding="md">
            <Stack gap="xs">
              <Text size="sm">Sign in or create a free account to copy this list and install it on your machines.</Text>
              <Group gap="sm" wrap="wrap">
                <Button component={Link} to={signInRedirectPath(here)} leftSection={<IconCopy size={16} aria-hidden />}>
                  Copy to my lists
                </Button>
                <Button component={Link} variant="default" to={`/sign-up?${new URLSearchParams({ redirect: here }).toString()}`}>
                  Create an account
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
        {limit ? (
          <Alert
            color="orange"
            variant="light"
            title="Plan limit reached"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setLimit(null)}
          >
            <Stack gap="xs">
              <Text size="sm">{limit.message}</Text>
              <Group gap="md">
                <Anchor component={Link} to="/pricing-page" size="sm">
                  See plans
                </Anchor>
                <Anchor component={Link} to="/app-list" size="sm">
                  Go to your lists
                </Anchor>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {list.apps.length === 0 ? (
          <EmptyState
            py={32}
            variant="light"
            icon={<IconListDetails size={28} aria-hidden />}
            title="This list has no apps yet"
            description="Its owner has not added any. Come back later, or browse the gallery."
          />
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Apps in this list">
            {list.apps.map((app) => (
              <Card key={app.app_id} component="li" withBorder radius="md" padding="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <AppIcon name={app.name} src={app.icon_file_location} />
                  <Stack gap={4} miw={0} style={{ flex: 1 }}>
                    <Group gap={8} wrap="wrap">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {app.name}
                      </Text>
                      {app.own_app ? (
                        <Badge
                          size="xs"
                          variant="light"
                          color="grape"
                          title="Added by whoever shared the list, by its package ids: a copy becomes your own app"
                        >
                          Not in the catalogue
                        </Badge>
                      ) : null}
                      {app.pinnedVersion === null ? null : (
                        <Badge size="sm" variant="light" color="grape" tt="none" leftSection={<IconPin size={12} aria-hidden />}>
                          pinned at {app.pinnedVersion}
                        </Badge>
                      )}
                    </Group>
                    {app.description ? (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {app.description}
                      </Text>
                    ) : null}
                    <PlatformBadges platforms={app.platforms} size="xs" />
                    <PackageIds app={app} />
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        <Anchor component={Link} to="/gallery" size="sm">
          More lists in the gallery
        </Anchor>
      </Stack>
    );
  }

  return (
    <Container size="md" py="xl">
      {content}
      {installing ? (
        <InstallListDialog
          list={installing}
          onClose={() => {
            setInstalling(null);
          }}
        />
      ) : null}
    </Container>
  );
}
