import { Alert, Button, Container, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useGetListsStatusSummaryQuery } from '../../api/installations';
import { useGetListsQuery } from '../../api/lists';
import { CenteredLoader } from '../../components/centered-loader';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { LimitAlert } from './limit-alert';
import { ListCard } from './list-card';
import { ListDialogs, type ListDialog } from './list-dialogs';
import { ListsEmptyState } from './lists-empty-state';
import { ListsToolbar } from './lists-toolbar';
import { usePlanLimits, type LimitProblem } from './plan-limits';

/** /app-list, "Your Lists": every list with its apps; ?list=<id> opens one. */
export function AppListPage() {
  const { data: lists, isLoading, isError, error, refetch } = useGetListsQuery();
  // Where each list stands on its devices, for a line on its card; the page works without it.
  const { data: glances } = useGetListsStatusSummaryQuery();
  const limits = usePlanLimits();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('list');
  const [opened, setOpened] = useState<Set<string> | null>(null);
  const [dialog, setDialog] = useState<ListDialog | null>(null);
  const [limit, setLimit] = useState<LimitProblem | null>(null);

  useEffect(() => {
    if (isError) notify.error(errorMessage(error, 'Failed to fetch lists'));
  }, [isError, error]);

  // A list chosen in the navbar (or just created) is open and brought into view.
  useEffect(() => {
    if (!chosen || !lists?.some((list) => list.id === chosen)) return;
    const frame = window.requestAnimationFrame(() => {
      document.getElementById(`list-${chosen}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [chosen, lists]);

  // Until the user opens or closes one, the chosen list (or else the first) is open.
  const isOpen = (id: string) => id === chosen || (opened ? opened.has(id) : !chosen && id === lists?.[0]?.id);
  function toggle(id: string) {
    const next = new Set((lists ?? []).filter((list) => isOpen(list.id)).map((list) => list.id));
    if (next.has(id)) {
      next.delete(id);
      // Closing the chosen list un-chooses it, or it would stay open.
      if (id === chosen) setParams({}, { replace: true });
    } else {
      next.add(id);
    }
    setOpened(next);
  }

  function showLimit(problem: LimitProblem) {
    notify.warning(problem.message, { title: 'Plan limit reached' });
    setLimit(problem);
  }

  let content;
  if (isLoading) content = <CenteredLoader label="Loading your lists..." />;
  else if (isError && !lists) {
    content = (
      <Alert color="red" variant="light" title="Your lists could not be loaded">
        <Button size="xs" variant="default" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!lists || lists.length === 0) {
    content = <ListsEmptyState onNewList={() => setDialog({ kind: 'new' })} onImport={() => setDialog({ kind: 'import' })} />;
  } else {
    content = (
      <>
        <ListsToolbar
          count={lists.length}
          limit={limits.lists}
          upgradeHint={limits.listsHint}
          onNewList={() => setDialog({ kind: 'new' })}
          onImport={() => setDialog({ kind: 'import' })}
        />
        <Stack gap="md">
          {lists.map((list) => (
            <ListCard
              key={list.id}
              list={list}
              appsPerList={limits.appsPerList}
              glance={glances?.find((glance) => glance.listId === list.id) ?? null}
              expanded={isOpen(list.id)}
              highlighted={list.id === chosen}
              onToggle={() => toggle(list.id)}
              onRename={() => setDialog({ kind: 'rename', list })}
              onDelete={() => setDialog({ kind: 'delete', list })}
              onAddApps={() => setDialog({ kind: 'add-apps', list })}
              onInstall={() => setDialog({ kind: 'install', list })}
              onStatus={() => setDialog({ kind: 'status', list })}
              onKeepInSync={() => setDialog({ kind: 'sync', list })}
              onSchedule={() => setDialog({ kind: 'schedule', list })}
              onShare={() => setDialog({ kind: 'share', list })}
            />
          ))}
        </Stack>
      </>
    );
  }

  return (
    <Container size="md" py="xl">
      <PageHeader title="Your Lists" description="Named lists of apps, ready to install onto your machines." />
      {limit ? (
        <Stack mb="md">
          <LimitAlert problem={limit} onClose={() => setLimit(null)} />
        </Stack>
      ) : null}
      {content}
      <ListDialogs
        dialog={dialog}
        appsPerList={limits.appsPerList}
        onClose={() => setDialog(null)}
        onCreated={(id) => setParams({ list: id }, { replace: true })}
        onLimit={showLimit}
      />
    </Container>
  );
}
