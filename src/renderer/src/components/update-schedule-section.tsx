import { Paper, Skeleton, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

import { getPlan } from '@shared/plans';

import { useGetSubscriptionStatusQuery } from '../api/subscription';
import { PremiumNote } from './premium-note';
import type { ScheduleTarget } from './update-schedule-form';

// The form brings zod and the shared schemas: it loads when a premium account opens it.
const UpdateScheduleForm = lazy(() => import('./update-schedule-form').then((m) => ({ default: m.UpdateScheduleForm })));

interface Props {
  target: ScheduleTarget;
  /** Without the frame and heading (inside a modal that has its own title). */
  bare?: boolean;
}

/**
 * "Update schedule" (Premium): when this device's, or this list's, out-of-date apps are
 * upgraded by themselves. Other plans see what it is and where to get it.
 */
export function UpdateScheduleSection({ target, bare = false }: Props) {
  const { data: status, isLoading } = useGetSubscriptionStatusQuery();
  // When the plan cannot be read the section explains the feature; the server decides anyway.
  const included = status ? getPlan(status.currentPlan.name).capabilities.updateSchedules : false;
  const content = isLoading ? (
    <Skeleton height={40} mt="sm" />
  ) : included ? (
    <Suspense fallback={<Skeleton height={40} mt="sm" />}>
      <UpdateScheduleForm target={target} />
    </Suspense>
  ) : (
    <UpgradeNote />
  );
  if (bare) return content;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="update-schedule-heading">
      <Title order={2} fz="lg" id="update-schedule-heading">
        Update schedule
      </Title>
      {content}
    </Paper>
  );
}

function UpgradeNote() {
  return (
    <PremiumNote>
      Custom update schedules are part of Premium: pick a day and a time in your time zone, with an optional maintenance window, and
      out-of-date apps are upgraded by themselves.
    </PremiumNote>
  );
}
