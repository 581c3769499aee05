import { Alert, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import type { App } from '@shared/api/catalogue';
import { ErrorCode } from '@shared/api/error-codes';
import type { ListSummary } from '@shared/api/lists';

import { useAddListItemMutation } from '../../api/lists';
import { AppIcon } from '../../components/app-icon';
import { PackageIds } from '../../components/package-ids';
import { PlatformBadges } from '../../components/platform-badges';
import { errorCode, errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { AddToListMenu } from './add-to-list-menu';
import { AppSources } from './app-sources';

const PLAN_LIMIT_CODES: readonly string[] = [ErrorCode.LIST_APP_LIMIT_REACHED, ErrorCode.LIST_READ_ONLY];

interface Refusal {
  message: string;
  /** A plan limit: the way out is a bigger plan. */
  planLimit: boolean;
}

/** One catalogue app; a refused add is said on the card the person acted on, in the server's words. */
export function CatalogueCard({ app, lists }: { app: App; lists: readonly ListSummary[] }) {
  const [addItem, { isLoading }] = useAddListItemMutation();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function add(list: ListSummary) {
    setRefusal(null);
    try {
      await addItem({ listId: list.id, appId: app.app_id }).unwrap();
      notify.success(`${app.name} added to ${list.name}`);
    } catch (failure) {
      const code = errorCode(failure);
      setRefusal({
        message: errorMessage(failure, 'Failed to add the app'),
        planLimit: code !== null && PLAN_LIMIT_CODES.includes(code),
      });
    }
  }

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-label={app.name} h="100%">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <AppIcon name={app.name} src={app.icon_file_location} size={44} />
          <Stack gap={2} miw={0}>
            <Text component="h2" fw={600} size="md" m={0} style={{ overflowWrap: 'anywhere' }}>
              {app.name}
            </Text>
            <Text size="xs" c="dimmed">
              {app.publisher ? `${app.publisher} · ${app.category_name}` : app.category_name}
            </Text>
          </Stack>
        </Group>
        {/* An app an index brought has no description of ours: what it installs says what it is. */}
        {app.description ? (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ flexGrow: 1 }}>
            {app.description}
          </Text>
        ) : (
          <div style={{ flexGrow: 1 }}>
            <PackageIds app={app} />
          </div>
        )}
        <AppSources app={app} />
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <PlatformBadges platforms={app.platforms} size="xs" />
          <AddToListMenu appName={app.name} lists={lists} adding={isLoading} onAdd={(list) => void add(list)} />
        </Group>
        {refusal ? (
          <Alert
            color={refusal.planLimit ? 'yellow' : 'red'}
            variant="light"
            p="xs"
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setRefusal(null)}
          >
            <Text size="sm">
              {refusal.message}
              {refusal.planLimit ? (
                <>
                  {' '}
                  <Anchor component={Link} to="/pricing-page" size="sm">
                    Upgrade
                  </Anchor>
                </>
              ) : null}
            </Text>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
