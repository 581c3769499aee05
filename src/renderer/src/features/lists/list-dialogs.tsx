import { lazy, Suspense } from 'react';

import { useCreateListMutation, useDeleteListMutation, useRenameListMutation, type ListSummary } from '../../api/lists';
import { ConfirmModal } from '../../components/confirm-modal';
import { errorMessage } from '../../lib/api-errors';
import { notify } from '../../lib/notify';
import { limitProblemOf, type LimitProblem } from './plan-limits';

// The heavier dialogs, and those that bring zod, load when first opened (docs/decisions.md#performance-budgets).
const ListNameModal = lazy(() => import('./list-name-modal').then((m) => ({ default: m.ListNameModal })));
const ImportListModal = lazy(() => import('./import-list-modal').then((m) => ({ default: m.ImportListModal })));
const AddAppsDrawer = lazy(() => import('./add-apps-drawer').then((m) => ({ default: m.AddAppsDrawer })));
const InstallListDialog = lazy(() => import('./install-list-dialog').then((m) => ({ default: m.InstallListDialog })));
const ListStatusModal = lazy(() => import('./list-status-modal').then((m) => ({ default: m.ListStatusModal })));
const KeepInSyncModal = lazy(() => import('./keep-in-sync-modal').then((m) => ({ default: m.KeepInSyncModal })));
const ListPolicyModal = lazy(() => import('./list-policy-modal').then((m) => ({ default: m.ListPolicyModal })));
const ShareListModal = lazy(() => import('./share-list-modal').then((m) => ({ default: m.ShareListModal })));

export type ListDialog =
  | { kind: 'new' }
  | { kind: 'import' }
  | { kind: 'rename'; list: ListSummary }
  | { kind: 'delete'; list: ListSummary }
  | { kind: 'add-apps'; list: ListSummary }
  | { kind: 'install'; list: ListSummary }
  | { kind: 'status'; list: ListSummary }
  | { kind: 'sync'; list: ListSummary }
  | { kind: 'schedule'; list: ListSummary }
  | { kind: 'share'; list: ListSummary };

interface ListDialogsProps {
  dialog: ListDialog | null;
  appsPerList: number | null;
  onClose: () => void;
  /** A list was created or imported: show it. */
  onCreated: (listId: string) => void;
  onLimit: (problem: LimitProblem) => void;
}

/** The one dialog of /app-list that is open, if any. */
export function ListDialogs({ dialog, appsPerList, onClose, onCreated, onLimit }: ListDialogsProps) {
  const [createList, created] = useCreateListMutation();
  const [renameList, renamed] = useRenameListMutation();
  const [deleteList, deleted] = useDeleteListMutation();
  if (!dialog) return null;

  // A refusal other than the plan's limit goes back to the name dialog, which says it.
  async function create(name: string): Promise<void> {
    try {
      const list = await createList({ name }).unwrap();
      notify.success(`List “${list.name}” created`);
      onCreated(list.id);
      onClose();
    } catch (failure) {
      const problem = limitProblemOf(failure);
      if (!problem) throw failure;
      onLimit(problem);
      onClose();
    }
  }

  async function rename(list: ListSummary, name: string): Promise<void> {
    await renameList({ id: list.id, name }).unwrap();
    onClose();
  }

  async function remove(list: ListSummary) {
    try {
      await deleteList(list.id).unwrap();
      notify.success(`List “${list.name}” deleted`);
      onClose();
    } catch (failure) {
      notify.error(errorMessage(failure, 'Failed to delete the list'));
    }
  }

  switch (dialog.kind) {
    case 'new':
      return (
        <Suspense fallback={null}>
          <ListNameModal
            title="New List"
            submitLabel="Create List"
            loading={created.isLoading}
            failureMessage="Failed to create the list"
            onSubmit={create}
            onClose={onClose}
          />
        </Suspense>
      );
    case 'rename':
      return (
        <Suspense fallback={null}>
          <ListNameModal
            title="Rename List"
            submitLabel="Save"
            initialName={dialog.list.name}
            loading={renamed.isLoading}
            failureMessage="Failed to rename the list"
            onSubmit={(name) => rename(dialog.list, name)}
            onClose={onClose}
          />
        </Suspense>
      );
    case 'delete':
      return (
        <ConfirmModal
          opened
          title="Delete List"
          confirmLabel="Delete List"
          danger
          loading={deleted.isLoading}
          onConfirm={() => void remove(dialog.list)}
          onClose={onClose}
        >
          Delete “{dialog.list.name}” and its {dialog.list.appCount} {dialog.list.appCount === 1 ? 'app' : 'apps'}? This cannot be undone.
          The apps stay in the catalogue.
        </ConfirmModal>
      );
    case 'import':
      return (
        <Suspense fallback={null}>
          <ImportListModal onClose={onClose} onImported={onCreated} onLimit={onLimit} />
        </Suspense>
      );
    case 'add-apps':
      return (
        <Suspense fallback={null}>
          <AddAppsDrawer list={dialog.list} appsPerList={appsPerList} onClose={onClose} onLimit={onLimit} />
        </Suspense>
      );
    case 'install':
      return (
        <Suspense fallback={null}>
          <InstallListDialog list={dialog.list} onClose={onClose} />
        </Suspense>
      );
    case 'status':
      return (
        <Suspense fallback={null}>
          <ListStatusModal listId={dialog.list.id} listName={dialog.list.name} onClose={onClose} />
        </Suspense>
      );
    case 'sync':
      return (
        <Suspense fallback={null}>
          <KeepInSyncModal list={dialog.list} onClose={onClose} />
        </Suspense>
      );
    case 'schedule':
      return (
        <Suspense fallback={null}>
          <ListPolicyModal list={dialog.list} onClose={onClose} />
        </Suspense>
      );
    case 'share':
      return (
        <Suspense fallback={null}>
          <ShareListModal list={dialog.list} onClose={onClose} />
        </Suspense>
      );
  }
}
