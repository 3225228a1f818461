import { MESSAGES, type ReviewAction, reviewActionInputSchema } from '@curbside/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

const M = MESSAGES.moderation;

/**
 * The review queue's action on one car (or one of its photos) with the admin's note, which the server records and
 * e-mails to the owner: the note's field props, and `run` which checks the note, acts and refreshes the queue and the
 * copied-photo flags (removing a photo also takes its flags away).
 */
export function useReviewAction(target: { carId: number; imageId?: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const act = useMutation(trpc.admin.moderation.act.mutationOptions());
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);

  const run = (action: ReviewAction) => {
    const input = { carId: target.carId, action, note, ...(target.imageId ? { imageId: target.imageId } : {}) };
    const parsed = reviewActionInputSchema.safeParse(input);
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message ?? M.noteRequired);
      return;
    }
    act.mutate(input, {
      onSuccess: async () => {
        notifyToast({ title: M.actionDone[action] });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.moderation.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.photoMatches.list.pathKey() }),
        ]);
      },
      onError: (error) => notifyError(MESSAGES.admin.saveFailed, error),
    });
  };

  const noteField = {
    label: M.note,
    rows: 2,
    value: note,
    error: noteError,
    onChange: (event: { currentTarget: { value: string } }) => {
      setNote(event.currentTarget.value);
      setNoteError(null);
    },
  };
  return { run, pending: act.isPending, noteField };
}
