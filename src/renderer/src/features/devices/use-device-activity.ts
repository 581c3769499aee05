import { useEffect, useRef } from 'react';

import { ErrorCode } from '@shared/api/error-codes';
import { TIMING } from '@shared/constants';

import { useGetLogoutNotificationsQuery, usePingMutation, useUpdateStatusMutation, type StatusEvent } from '../../api/devices';
import { errorCode, errorStatus } from '../../lib/api-errors';
import { knownDeviceId } from '../../lib/device-id';
import { notify } from '../../lib/notify';
import { readToken } from '../../lib/session';

/**
 * The page is going away: axios' request may be cancelled and sendBeacon cannot set the
 * bearer and X-Device-ID headers, so a keepalive fetch carries them.
 */
function sendUnloadStatus(deviceId: string): void {
  const token = readToken();
  void fetch('/api/devices/update-status', {
    method: 'POST',
    keepalive: true,
    credentials: 'include',
    headers: {
      'Content-Type': 'application/json',
      'X-Device-ID': deviceId,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ deviceId, event: 'unload' satisfies StatusEvent }),
  }).catch(() => undefined);
}

/**
 * Background activity for a registered browser: ping every 300 s, an activity update
 * every 60 s and on visibility change, load and unload. update-status answering 404
 * DEVICE_NOT_FOUND means the server forgot this browser: `onDeviceMissing` re-registers it.
 */
export function useDeviceActivity(enabled: boolean, onDeviceMissing: () => void): void {
  const missingRef = useRef(onDeviceMissing);
  useEffect(() => {
    missingRef.current = onDeviceMissing;
  }, [onDeviceMissing]);
  const [updateStatus] = useUpdateStatusMutation();
  const [sendPing] = usePingMutation();

  useEffect(() => {
    const deviceId = knownDeviceId();
    if (!enabled || !deviceId) return;
    const update = (event: StatusEvent) => {
      updateStatus({ deviceId, event })
        .unwrap()
        .catch((error: unknown) => {
          if (errorStatus(error) === 404 && errorCode(error) === ErrorCode.DEVICE_NOT_FOUND) missingRef.current();
        });
    };
    const ping = () => void sendPing({ deviceId });
    const onVisibility = () => update(document.visibilityState === 'hidden' ? 'hidden' : 'visible');
    const onPageHide = () => sendUnloadStatus(deviceId);

    update('load');
    const pingTimer = window.setInterval(ping, TIMING.pingIntervalMs);
    const statusTimer = window.setInterval(() => update('interval'), TIMING.activityUpdateIntervalMs);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(pingTimer);
      window.clearInterval(statusTimer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [enabled, updateStatus, sendPing]);
}

const REASONS: Readonly<Record<string, string>> = {
  manual_deactivation: 'it was deactivated from Device Management',
  user_initiated: 'the user signed out',
  unexpected_logout: 'the session ended unexpectedly',
  other: 'the session ended',
};

export function logoutNotificationText(deviceName: string, reason: string): string {
  return `${deviceName} was signed out: ${REASONS[reason] ?? REASONS.other}`;
}

/**
 * Logout notifications every 30 s, each shown once as a warning. When one is about
 * this browser, the server also answers its next call with 401 and the API client logs out.
 */
export function useLogoutNotifications(enabled: boolean): void {
  const { data } = useGetLogoutNotificationsQuery(undefined, { skip: !enabled, pollingInterval: TIMING.logoutNotificationPollMs });
  useEffect(() => {
    for (const notice of data ?? []) {
      if (!notice.shown)
        notify.warning(logoutNotificationText(notice.deviceName, notice.reason), { autoClose: TIMING.notificationDefaultMs });
    }
  }, [data]);
}
