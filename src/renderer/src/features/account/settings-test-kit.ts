import { notificationsStore } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';

import type { AccountResponse, UpdateAccountResponse } from '@shared/api/account';

import type { SuccessReply } from '../../test/mock-api';
import { testUser } from '../../test/render-app';

/** GET /api/account for the signed-in test user. */
export const account: AccountResponse = {
  ...testUser,
  careerField: null,
  dateOfBirth: '1990-12-10',
  receiveEmails: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** PUT /api/account's answer, as the server sends it. */
export function saved(overrides: Partial<UpdateAccountResponse> = {}): SuccessReply<'PUT /api/account'> {
  return { status: 200, data: { success: true, pendingEmail: null, passwordChanged: false, user: testUser, ...overrides } };
}

export function input(label: string): HTMLInputElement {
  // Required fields add an asterisk to the label text (hidden from the accessible name).
  return screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input' });
}

export function type(label: string, value: string): void {
  fireEvent.change(input(label), { target: { value } });
}

export function save(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
}

/** Toasts live in a module-level store: forget the last test's. */
export function clearToasts(): void {
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
}
