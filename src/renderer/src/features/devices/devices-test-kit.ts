import { notificationsStore } from '@mantine/notifications';

import type { DeviceToken } from '@shared/api/devices';

import { mockApi, type MockRoutes } from '../../test/mock-api';

/** What the devices screen and the device background call, answered as a healthy server would. */
export function mockDevicesServer(routes: MockRoutes) {
  return mockApi({
    'GET /api/devices/check': {
      status: 200,
      data: { registered: true, reason: 'REGISTERED', seatAvailable: true, deviceCount: 1, seatLimit: 5 },
    },
    'GET /api/devices/logout-notifications': { status: 200, data: { notifications: [] } },
    'POST /api/devices/update-status': { status: 200, data: { success: true, serverTime: new Date().toISOString() } },
    'POST /api/devices/ping': { status: 200, data: { success: true, serverTime: new Date().toISOString() } },
    'GET /api/tokens': { status: 200, data: { tokens: [] } },
    ...routes,
  });
}

export function makeToken(overrides: Partial<DeviceToken> = {}): DeviceToken {
  return {
    id: 'tok-1',
    code: 'ABCD-1234',
    expires_at: new Date(Date.now() + 20 * 3_600_000).toISOString(),
    uses: 0,
    max_uses: 2,
    created_at: new Date().toISOString(),
    registration_url: 'http://localhost/enroll?code=ABCD-1234',
    groupId: null,
    groupName: null,
    ...overrides,
  };
}

export function toastMessages(): string[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((notification) => (typeof notification.message === 'string' ? notification.message : ''));
}

export function clearToasts(): void {
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
}
