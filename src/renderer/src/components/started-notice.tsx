import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router-dom';

/** Long enough to reach the link with the keyboard; hovering holds it open as every toast. */
const STARTED_TOAST_MS = 10_000;

/**
 * What a change started (a group's, a machine's rollback), in a toast with a link to follow it:
 * the installation's page, or the installations screen when there are several. The page stays
 * where it is, since the person is often changing more than one thing there.
 */
export function notifyStarted(title: string, installationIds: readonly string[]): void {
  const [only] = installationIds;
  const to = installationIds.length === 1 && only ? `/installations/${encodeURIComponent(only)}` : '/installations';
  notifications.show({
    color: 'green',
    title,
    message: (
      <Anchor component={Link} to={to} size="sm">
        {installationIds.length === 1 ? 'See the installation' : 'See the installations'}
      </Anchor>
    ),
    autoClose: STARTED_TOAST_MS,
    closeButtonProps: { 'aria-label': 'Dismiss' },
  });
}
