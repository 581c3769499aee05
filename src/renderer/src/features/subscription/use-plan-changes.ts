import { useCallback, useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';

import type { PlanId } from '@shared/plans';

import { useCancelDowngradeMutation, useDowngradeMutation } from '../../api/subscription';
import { errorStatus } from '../../lib/api-errors';
import { baseApi } from '../../lib/base-api';
import { notify } from '../../lib/notify';

/** The scheduled downgrade shows after a 1 s refresh. */
export const DOWNGRADE_REFRESH_DELAY_MS = 1000;

/** A 4xx is the server refusing this change; anything else (network, 5xx) is an error along the way. */
const refused = (failure: unknown) => {
  const status = errorStatus(failure);
  return status !== null && status >= 400 && status < 500;
};

/** Scheduling and cancelling a downgrade, with the product's messages. */
export function usePlanChanges() {
  const dispatch = useDispatch();
  const [downgrade, downgradeState] = useDowngradeMutation();
  const [cancelDowngrade, cancelState] = useCancelDowngradeMutation();
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    },
    [],
  );

  const scheduleDowngrade = useCallback(
    async (targetPlan: PlanId): Promise<boolean> => {
      try {
        const result = await downgrade({ targetPlan }).unwrap();
        notify.success(result.message);
        refreshTimer.current = setTimeout(() => {
          dispatch(baseApi.util.invalidateTags(['Subscription']));
        }, DOWNGRADE_REFRESH_DELAY_MS);
        return true;
      } catch (failure) {
        notify.error(refused(failure) ? 'Failed to downgrade subscription' : 'An error occurred while downgrading your subscription');
        return false;
      }
    },
    [downgrade, dispatch],
  );

  const cancelScheduledDowngrade = useCallback(async () => {
    try {
      await cancelDowngrade().unwrap();
      notify.success('Your downgrade has been cancelled. Your plan stays as it is.');
    } catch (failure) {
      notify.error(refused(failure) ? 'Failed to cancel downgrade' : 'An error occurred while cancelling your downgrade');
    }
  }, [cancelDowngrade]);

  return {
    scheduleDowngrade,
    cancelScheduledDowngrade,
    downgrading: downgradeState.isLoading,
    cancelling: cancelState.isLoading,
  };
}
