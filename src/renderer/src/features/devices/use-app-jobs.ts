import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import type { JobKind } from '@shared/agent/protocol';

import { errorMessage } from '../../lib/api-errors';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useCreateInstallationMutation } from '../../lib/installations-api';
import { notify } from '../../lib/notify';

const FAILURE: Record<JobKind, string> = {
  install: 'Failed to start the installation',
  upgrade: 'Failed to start the update',
  uninstall: 'Failed to start the uninstall',
};

/**
 * Update or uninstall some apps on one machine: an installation of that kind, followed on its
 * live page like any other. `pending` names what is being started, so only that button spins.
 */
export function useAppJobs(deviceId: string) {
  const [create] = useCreateInstallationMutation();
  const [pending, setPending] = useState<string | null>(null);
  const navigate = useNavigate();

  async function start(kind: JobKind, appIds: number[], key: string): Promise<boolean> {
    setPending(key);
    try {
      // A fresh key per click: the button is busy until the answer, and a retry after a lost answer is a new request.
      const installation = await create({ appIds, deviceIds: [deviceId], kind, idempotencyKey: newIdempotencyKey(kind) }).unwrap();
      void navigate(`/installations/${encodeURIComponent(installation.id)}`);
      return true;
    } catch (failure) {
      notify.error(errorMessage(failure, FAILURE[kind]));
      return false;
    } finally {
      setPending(null);
    }
  }

  return { start, pending };
}
