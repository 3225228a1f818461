import { type Car, MESSAGES } from '@curbside/shared';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trpcErrorCode } from '../../lib/errors';
import { forgetMeetCardVisit, meetCardAttribution, rememberMeetCardVisit } from '../../lib/meet-card-visit';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { useShowsVoted } from '../../lib/viewer-votes';
import { celebrate } from './celebrate';

/**
 * Vote for a car (spec part 1 §4): after a counted vote the cached car gets the new totals and hasVoted, and the
 * top lists refresh. A refused vote (429) shows the server's message and marks the car as voted.
 */
export function VoteButton({ car }: { car: Car }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Opened from a meet card's QR code: remember it for the vote and clean the address.
  useEffect(() => rememberMeetCardVisit(), []);
  const carKey = trpc.cars.bySlug.queryKey({ slug: car.slug });
  const markVoted = (totals?: { totalVotes: number; lastMonthVotes: number }) =>
    queryClient.setQueryData(carKey, (old) => (old ? { ...old, ...totals, hasVoted: true } : old));

  const vote = useMutation(
    trpc.votes.cast.mutationOptions({
      onSuccess: (totals) => {
        forgetMeetCardVisit(car.slug);
        markVoted(totals);
        void queryClient.invalidateQueries({ queryKey: trpc.cars.top.pathKey() });
        notifyToast(MESSAGES.vote.recorded);
        void celebrate();
      },
      onError: (error) => {
        if (trpcErrorCode(error) === 'TOO_MANY_REQUESTS') {
          forgetMeetCardVisit(car.slug);
          markVoted();
        }
        // The card's event is not running: the next vote counts without it.
        if (trpcErrorCode(error) === 'BAD_REQUEST') forgetMeetCardVisit(car.slug);
        notifyError(MESSAGES.vote.failed, error);
      },
    }),
  );

  // The data's hasVoted decides a click; the label may lag it only while a page is hydrated (viewer-votes.ts).
  const showsVoted = useShowsVoted(car);

  const onClick = () => {
    if (car.hasVoted) {
      notifyToast(MESSAGES.vote.alreadyVoted);
      return;
    }
    // A page opened from a meet card's QR code: the vote says so.
    vote.mutate({ carId: car.id, ...meetCardAttribution(car.slug) });
  };

  return <VoteButtonView voted={showsVoted} loading={vote.isPending} onClick={onClick} />;
}

/**
 * The button as it shows: "Vote for this Car", or once voted "Already Voted" (disabled) with when the car can be voted
 * for again. An islands page's script (islands/vote.ts) works the first and puts the second, which the server renders
 * in a <template>, in its place.
 */
export function VoteButtonView({
  voted,
  loading = false,
  onClick,
}: {
  voted: boolean;
  loading?: boolean;
  onClick?: () => void;
}) {
  return (
    <Stack gap={6}>
      <Button
        size="lg"
        fullWidth
        onClick={onClick}
        loading={loading}
        disabled={voted}
        color="yellow"
        data-island-action={voted ? undefined : 'vote'}
      >
        {voted ? MESSAGES.carDetail.alreadyVotedButton : MESSAGES.carDetail.voteButton}
      </Button>
      {voted ? (
        <Text size="sm" c="dimmed" ta="center">
          {MESSAGES.carDetail.voteAgainNote}
        </Text>
      ) : null}
    </Stack>
  );
}
