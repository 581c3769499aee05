import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

import { TIMING } from '@shared/constants';

/**
 * Loaded after first paint; toasts shown before it mounts wait in the notifications store.
 * On a phone a toast at the top would cover a dialog's title and its close button: it rises
 * from the bottom there instead.
 */
export function NotificationsHost() {
  const phone = useMediaQuery('(max-width: 48em)');
  return <Notifications position={phone ? 'bottom-center' : 'top-right'} autoClose={TIMING.toastDefaultMs} />;
}
