import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import type { JobKind } from '@shared/agent/protocol';

import { errorMessage } from './api-errors';
import { newIdempotencyKey } from './idempotency-key';
import { useCreateInstallationMutation, type CreateInstallationArgs } from './installations-api';
import { notify } from './notify';

const FAILURE: Record<JobKind, string> = {
  install: 'Failed to start the installation',
  upgrade: 'Failed to start the update',
  uninstall: 'Failed to start the uninstall',
};

type What = Omit<CreateInstallationArgs, 'idempotencyKey' | 'kind'> & { kind: JobKind };

/**
 * Update or uninstall apps (of a device page or a list's status) in one click: an installation
 * of that kind, then its live page. `pending` names the action being started, so only that
 * button spins. In lib because the devices and lists features both use it.
 */
export function useStartInstallation() {
  const [create] = useCreateInstallationMutation();
  const [pending, setPending] = useState<string | null>(null);
  // One Idempotency-Key per action until it succeeds: trying again after a lost answer creates nothing twice.
  const keys = useRef(new Map<string, string>());
  const navigate = useNavigate();

  async function start(what: What, actionKey: string): Promise<boolean> {
    setPending(actionKey);
    const idempotencyKey = keys.current.get(actionKey) ?? newIdempotencyKey(what.kind);
    keys.current.set(actionKey, idempotencyKey);
    try {
      const installation = await create({ ...what, idempotencyKey }).unwrap();
      keys.current.delete(actionKey);
      void navigate(`/installations/${encodeURIComponent(installation.id)}`);
      return true;
    } catch (failure) {
      notify.error(errorMessage(failure, FAILURE[what.kind]));
      return false;
    } finally {
      setPending(null);
    }
  }

  return { start, pending };
}
