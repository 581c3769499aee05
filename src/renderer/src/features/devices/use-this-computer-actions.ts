import { useState } from 'react';

import { ErrorCode } from '@shared/api/error-codes';
import type { AgentStatus, LoadoutBridge } from '@shared/desktop/bridge';

import { useCreateTokenMutation, useDeactivateDeviceMutation, useDeleteTokenMutation } from '../../api/devices';
import { errorCode } from '../../lib/api-errors';
import { signOutTo } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { clearSession } from '../../lib/session';
import { deactivationErrorMessage, tokenErrorMessage } from './device-errors';

/** What the section says after an action went wrong; null when nothing did. */
export type ThisComputerNotice =
  /** Adding failed: `message` is the server's or the client's words (none when the bridge itself failed). */
  | { kind: 'add-failed'; message: string | null; limitReached: boolean }
  | { kind: 'remove-failed' }
  /** The server kept the device (a new device's protection, the deactivation cooldown): nothing changed. */
  | { kind: 'remove-refused'; reason: string };

interface Options {
  bridge: LoadoutBridge;
  /** A newer status from an answer (the event from main may come later). */
  onStatus: (status: AgentStatus) => void;
  /** Devices and tokens changed on the server. */
  onChanged: () => void;
}

/**
 * "Add this computer" and "Remove this computer": the server calls go through the devices
 * API (a one-use token, the deactivation), the machine's side through the desktop bridge.
 */
export function useThisComputerActions({ bridge, onStatus, onChanged }: Options) {
  const [createToken] = useCreateTokenMutation();
  const [deleteToken] = useDeleteTokenMutation();
  const [deactivate] = useDeactivateDeviceMutation();
  const [busy, setBusy] = useState<'adding' | 'removing' | null>(null);
  const [notice, setNotice] = useState<ThisComputerNotice | null>(null);

  async function enrolWithNewToken(): Promise<void> {
    let token;
    try {
      // One use: the code is spent by this computer and cannot add another one.
      token = await createToken({ maxUses: 1 }).unwrap();
    } catch (error) {
      setNotice({ kind: 'add-failed', message: tokenErrorMessage(error), limitReached: errorCode(error) === ErrorCode.NO_SEATS_AVAILABLE });
      return;
    }
    try {
      const result = await bridge.enroll({ code: token.code });
      if (result.ok) {
        onStatus(result.status);
        notify.success('This computer was added');
        onChanged();
        return;
      }
      setNotice({ kind: 'add-failed', message: result.message, limitReached: result.code === ErrorCode.DEVICE_LIMIT_REACHED });
    } catch {
      setNotice({ kind: 'add-failed', message: null, limitReached: false });
    }
    // The person never asked for this token: do not leave it in their list when it was not used.
    // (A failed delete only leaves it to expire: the trigger's promise never rejects.)
    await deleteToken(token.id);
  }

  async function add(): Promise<void> {
    setBusy('adding');
    setNotice(null);
    try {
      await enrolWithNewToken();
    } finally {
      setBusy(null);
    }
  }

  /**
   * The server first: a device it refuses to deactivate (a new device's protection, the
   * cooldown) would otherwise keep its seat with no machine behind it, and this computer could
   * not be added again. Only once it is gone does the client forget its credential.
   */
  async function deactivateThenUnenrol(deviceId: string | null): Promise<void> {
    if (deviceId) {
      try {
        const result = await deactivate({ deviceId, removeClient: false }).unwrap();
        // As in the deactivation modal: when the server says this session's device is gone, it is.
        if (result.shouldLogout) signOutTo('/sign-in', clearSession);
      } catch (error) {
        setNotice({ kind: 'remove-refused', reason: deactivationErrorMessage(error) });
        return;
      }
    }
    try {
      onStatus(await bridge.unenroll());
    } catch {
      // The server has deactivated it: the agent hears so and forgets its credential by itself.
      setNotice({ kind: 'remove-failed' });
      return;
    } finally {
      onChanged();
    }
    notify.success('This computer was removed');
  }

  /** `deviceId` is read before anything changes: the status afterwards has none. */
  async function remove(deviceId: string | null): Promise<void> {
    setBusy('removing');
    setNotice(null);
    try {
      await deactivateThenUnenrol(deviceId);
    } finally {
      setBusy(null);
    }
  }

  return { busy, notice, add, remove };
}
