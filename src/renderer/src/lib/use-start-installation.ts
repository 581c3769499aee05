import { useState } from 'react';
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
  const navigate = useNavigate();

  async function start(what: What, actionKey: string): Promise<boolean> {
    setPending(actionKey);
    try {
      // A fresh key per click: the button is busy until the answer, and a retry after a lost answer is a new request.
      const installation = await create({ ...what, idempotencyKey: newIdempotencyKey(what.kind) }).unwrap();
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
