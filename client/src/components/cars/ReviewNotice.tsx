import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import { type CarReview, MESSAGES } from '@curbside/shared';
import { Alert, Badge } from '@mantine/core';

const M = MESSAGES.moderation;

type NotPublic = Exclude<CarReview['state'], 'public'>;
const notPublic = (review: CarReview): NotPublic | null => (review.state === 'public' ? null : review.state);

/** What the owner of a car that is not public reads on its page: under review, waiting, or rejected and why. */
export function ReviewNotice({ review }: { review: CarReview }) {
  const state = notPublic(review);
  if (!state) return null;
  const text = M.ownerStatusText[state];
  return (
    <Alert
      color={state === 'rejected' ? 'red' : 'yellow'}
      variant="light"
      title={M.ownerStatus[state]}
      data-testid="review-notice"
    >
      {typeof text === 'function' ? text(review.note ?? '') : text}
    </Alert>
  );
}

/** The same state as a badge on the owner's list of cars (My Vehicles). */
export function ReviewBadge({ review }: { review: CarReview }) {
  const state = notPublic(review);
  if (!state) return null;
  return (
    <Badge color={state === 'rejected' ? 'red' : 'yellow'} variant="light" data-testid="review-badge">
      {M.ownerStatus[state]}
    </Badge>
  );
}
