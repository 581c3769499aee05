import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

import { ErrorCode } from '@shared/api/error-codes';
import { managerLabel } from '@shared/package-managers';

import { usePreviewRollbackQuery, useRollBackMutation, type RollbackPreview, type RollbackStep } from '../../api/generations';
import { LoadingRow } from '../../components/loading-row';
import { notifyStarted } from '../../components/started-notice';
import { UnbrokenWords } from '../../components/unbroken-words';
import { errorCode, errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { plural, stepVersions } from './generation-words';

interface RollbackReviewProps {
  deviceId: string;
  deviceName: string;
  /** The generation to go back to. */
  number: number;
  onClose: () => void;
}

/** Why the last Confirm started nothing, shown above the plan. */
interface Refusal {
  title: string;
  message: string;
  color: 'yellow' | 'red';
  /** What the dialog did about it. */
  after?: string;
}

/** "VLC 3.0.21", "VLC, newest version", "Firefox 129.0 → 128.0", "GIMP 2.10". */
function stepLabel(step: RollbackStep): string {
  const newest = step.action === 'install' && !(step.exact && step.to !== null);
  return newest ? `${step.name}, newest version` : `${step.name} ${stepVersions(step)}`;
}

/** Which manager does it, and the server's note on the version (why not that very one). */
function stepNote(step: RollbackStep): string | null {
  const parts = [step.manager ? `With ${managerLabel(step.manager)}.` : null, step.note].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

function StepChoices({
  title,
  description,
  steps,
  chosen,
  onChange,
}: {
  title: string;
  description: ReactNode;
  steps: RollbackStep[];
  chosen: ReadonlySet<number>;
  onChange: (appIds: readonly number[], ticked: ReadonlySet<number>) => void;
}) {
  if (steps.length === 0) return null;
  return (
    <Checkbox.Group
      label={`${title} (${steps.length})`}
      description={description}
      value={steps.filter((step) => chosen.has(step.appId)).map((step) => String(step.appId))}
      onChange={(values) =>
        onChange(
          steps.map((step) => step.appId),
          new Set(values.map(Number)),
        )
      }
    >
      <Stack gap={8} mt={8}>
        {steps.map((step) => (
          <Checkbox
            key={step.appId}
            value={String(step.appId)}
            label={<span style={{ overflowWrap: 'anywhere' }}>{stepLabel(step)}</span>}
            description={stepNote(step)}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** Steps the machine's managers cannot take: said with the reason, never offered. */
function CannotGoBack({ steps }: { steps: RollbackStep[] }) {
  if (steps.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby="rollback-cannot">
      {/* As heavy as the groups' legends above it. */}
      <Text size="sm" fw="var(--mantine-font-weight-medium)" id="rollback-cannot">
        Cannot go back ({steps.length})
      </Text>
      <Text size="xs" c="dimmed">
        These cannot go back to the version the machine had then, for the reason under each: they stay as they are.
      </Text>
      <Stack component="ul" gap={4} m={0} pl="md">
        {steps.map((step) => (
          <Text component="li" size="sm" key={step.appId} style={{ overflowWrap: 'anywhere' }}>
            <UnbrokenWords text={step.name} /> {stepVersions(step)}
            {step.note ? (
              <Text span size="xs" c="dimmed" display="block">
                {step.note}
              </Text>
            ) : null}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/** Removals start unticked: nothing leaves the machine unless the person chose it, one by one. */
function defaultTicks(preview: RollbackPreview | undefined): ReadonlySet<number> {
  return new Set((preview?.steps ?? []).filter((step) => step.possible && step.action !== 'remove').map((step) => step.appId));
}

function RollbackPlan({
  preview,
  deviceName,
  chosen,
  onChange,
}: {
  preview: RollbackPreview;
  deviceName: string;
  chosen: ReadonlySet<number>;
  onChange: (appIds: readonly number[], ticked: ReadonlySet<number>) => void;
}) {
  if (preview.steps.length === 0) return <Text size="sm">This machine already has what generation {preview.number} had.</Text>;
  const offered = preview.steps.filter((step) => step.possible);
  const of = (action: RollbackStep['action']) => offered.filter((step) => step.action === action);
  return (
    <>
      <Text size="sm">
        Takes {deviceName} back to the apps and versions it had after generation {preview.number}, worked out from what it has now. Only
        what you tick runs; if the machine is offline, it runs when it connects.
      </Text>
      <StepChoices
        title="Install"
        description="It had these then and lacks them now."
        steps={of('install')}
        chosen={chosen}
        onChange={onChange}
      />
      <StepChoices
        title="Change version"
        description="It has another version of these now; each goes back to the version it had."
        steps={of('change')}
        chosen={chosen}
        onChange={onChange}
      />
      <StepChoices
        title="Remove"
        description={
          <>
            These came after generation {preview.number}. None is ticked: tick each one you want removed. Removing an app takes only its own
            package; if the package manager would take anything else, the machine refuses and says so.
          </>
        }
        steps={of('remove')}
        chosen={chosen}
        onChange={onChange}
      />
      <CannotGoBack steps={preview.steps.filter((step) => !step.possible)} />
      {offered.length === 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          None of these can go back to what generation {preview.number} had.
        </Alert>
      ) : null}
    </>
  );
}

/**
 * The rollback dialog's content: the plan from what the machine has now back to the generation,
 * grouped (install, change version, remove, cannot go back), each step it can take a checkbox.
 * Only the ticked apps are sent; the server plans again and refuses (409) when its plan no
 * longer offers one of them, and the dialog then says so and shows the new plan, ticks reset.
 */
export function RollbackReview({ deviceId, deviceName, number, onClose }: RollbackReviewProps) {
  const preview = usePreviewRollbackQuery({ deviceId, number }, { refetchOnMountOrArgChange: true });
  const [rollBack, rolling] = useRollBackMutation();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Ticks belong to one answer: an app ticked in one plan (an install) may be a removal in the next.
  const [ticks, setTicks] = useState<{ answer: number | undefined; appIds: ReadonlySet<number> } | null>(null);
  const plan = preview.isFetching || preview.isError ? undefined : preview.data;
  const answer = preview.fulfilledTimeStamp;
  const chosen = ticks && ticks.answer === answer ? ticks.appIds : defaultTicks(plan);
  const change = (appIds: readonly number[], ticked: ReadonlySet<number>) =>
    setTicks({ answer, appIds: new Set([...[...chosen].filter((id) => !appIds.includes(id)), ...ticked]) });
  const offered = plan?.steps.filter((step) => step.possible) ?? [];
  const chosenIds = offered.filter((step) => chosen.has(step.appId)).map((step) => step.appId);

  async function confirm() {
    setRefusal(null);
    try {
      const result = await rollBack({ deviceId, number, appIds: chosenIds }).unwrap();
      onClose();
      if (result.installationIds.length > 0) notifyStarted(`Rolling ${deviceName} back to generation ${number}`, result.installationIds);
      else notify.info(`Nothing was started: ${deviceName} already has what generation ${number} had.`);
    } catch (failure) {
      if (errorCode(failure) === ErrorCode.ROLLBACK_NOT_OFFERED) {
        setRefusal({
          color: 'yellow',
          title: 'Nothing was rolled back',
          message: errorMessage(failure, 'The plan has changed'),
          after: 'The plan below has been worked out again from what the machine has now.',
        });
        void preview.refetch();
      } else {
        setRefusal({ color: 'red', title: 'Nothing was rolled back', message: errorMessage(failure, 'Failed to start the rollback') });
      }
    }
  }

  let body: ReactNode;
  if (plan) {
    body = <RollbackPlan preview={plan} deviceName={deviceName} chosen={chosen} onChange={change} />;
  } else if (preview.isError && !preview.isFetching) {
    body = (
      <Alert color="red" variant="light" title={errorMessage(preview.error, 'Failed to work out what rolling back would do')}>
        <Button size="xs" variant="default" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    body = <LoadingRow label={`Working out what rolling back to generation ${number} would do...`} />;
  }

  return (
    <Stack gap="md">
      {refusal ? (
        <Alert color={refusal.color} variant="light" title={refusal.title}>
          <Text size="sm">{refusal.message}</Text>
          {refusal.after ? <Text size="sm">{refusal.after}</Text> : null}
        </Alert>
      ) : null}
      {body}
      {/* One footer whatever the body shows: the focus starts on Cancel (Enter on an opened dialog runs nothing) and stays there while the plan arrives. */}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button loading={rolling.isLoading} disabled={chosenIds.length === 0} onClick={() => void confirm()}>
          {offered.length > 0 ? `Roll back ${plural(chosenIds.length, 'app')}` : 'Roll back'}
        </Button>
      </Group>
    </Stack>
  );
}
