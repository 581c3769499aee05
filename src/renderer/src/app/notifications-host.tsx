import { Notifications } from '@mantine/notifications';

import { TIMING } from '@shared/constants';

/** Loaded after first paint; toasts shown before it mounts wait in the notifications store. */
export function NotificationsHost() {
  return <Notifications position="top-right" autoClose={TIMING.toastDefaultMs} />;
}
