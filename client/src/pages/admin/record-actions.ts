import { MESSAGES } from '@curbside/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConfirmDialogProps } from '../../components/ConfirmDialog';
import { notifyError, notifyToast } from '../../lib/notify';

/** A row an admin list can switch on and off and delete: products, events, advertisements. */
export interface AdminRecord {
  id: number;
  active: boolean;
}

/** The server calls and cache updates behind a list's Active switch and Delete button. */
export interface RecordCalls<T extends AdminRecord> {
  /** The update call with only { id, active } (the server takes any subset). */
  setActive: (input: { id: number; active: boolean }) => Promise<T>;
  remove: (input: { id: number }) => Promise<unknown>;
  /** Puts the changed row into the cached list, so the switch does not flicker back while the list reloads. */
  replaceInList: (updated: T) => void;
  /** Reloads every list that shows these records (the admin one and the public pages). */
  refresh: () => Promise<unknown>;
}

export interface RecordActionsOptions<T extends AdminRecord> extends RecordCalls<T> {
  /** Runs after a delete, with the deleted row (the tab closes its form when it was editing that row). */
  onDeleted?: (record: T) => void;
  /** The row's name, for the toasts ('Spring Meet was deleted.'). */
  nameOf: (record: T) => string;
  /** The delete dialog's title for a row, e.g. 'Delete Spring Meet?'. */
  deleteTitle: (record: T) => string;
}

/**
 * The Active switch and the Delete-with-confirmation of an admin list (part 2 §2, §5 Deletion), with a 'Success!'
 * toast saying what changed and a red toast carrying the server's message on failure.
 */
export function useRecordActions<T extends AdminRecord>(options: RecordActionsOptions<T>) {
  const toggle = useMutation({ mutationFn: options.setActive });
  const remove = useMutation({ mutationFn: options.remove });
  const [toDelete, setToDelete] = useState<T | null>(null);

  const setActive = (record: T, active: boolean) =>
    toggle.mutate(
      { id: record.id, active },
      {
        onSuccess: (updated) => {
          options.replaceInList(updated);
          notifyToast(MESSAGES.admin.done.activeChanged(options.nameOf(record), active));
          void options.refresh();
        },
        onError: (error) => notifyError(MESSAGES.admin.updateFailed, error),
      },
    );

  const confirmDelete = () => {
    if (!toDelete) return;
    const record = toDelete;
    remove.mutate(
      { id: record.id },
      {
        onSuccess: () => {
          notifyToast(MESSAGES.admin.done.deleted(options.nameOf(record)));
          setToDelete(null);
          options.onDeleted?.(record);
          void options.refresh();
        },
        onError: (error) => notifyError(MESSAGES.admin.deleteFailed, error),
      },
    );
  };

  /** What a row's Active switch shows: the wanted value while its change is on the way. */
  const switchState = (record: T) => {
    const changing = toggle.isPending && toggle.variables?.id === record.id;
    return { checked: changing ? Boolean(toggle.variables?.active) : record.active, disabled: changing };
  };

  const deleteDialog: ConfirmDialogProps = {
    opened: toDelete !== null,
    title: toDelete ? options.deleteTitle(toDelete) : '',
    confirmLabel: 'Delete',
    loading: remove.isPending,
    onConfirm: confirmDelete,
    onClose: () => setToDelete(null),
  };

  return { setActive, switchState, askDelete: setToDelete, deleteDialog };
}

/** For `setQueryData`: the cached list with one row replaced by its updated copy. */
export function replaceById<T extends { id: number }>(updated: T) {
  return (list: T[] | undefined) => list?.map((item) => (item.id === updated.id ? updated : item));
}
