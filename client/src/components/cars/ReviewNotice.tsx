import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/List.css';
import { type AdminCar, type CarReview, MESSAGES } from '@curbside/shared';
import { Alert, Badge, List } from '@mantine/core';

const M = MESSAGES.moderation;

type NotPublic = Exclude<CarReview['state'], 'public'>;
const notPublic = (review: CarReview | undefined): NotPublic | null =>
  !review || review.state === 'public' ? null : review.state;

/**
 * What the owner of a car that is not public reads on its page: under review, waiting, or rejected and why. With
 * `adminView` (the car as GET /api/admin/cars/{slug} gives it to an admin): every reason the public cannot see it,
 * its review state, a suspended owner, no photo yet.
 */
export function ReviewNotice({
  review,
  adminView,
}: {
  review: CarReview | undefined;
  adminView?: Pick<AdminCar, 'ownerSuspended' | 'published' | 'images'>;
}) {
  const state = notPublic(review);
  if (adminView) return <AdminNotice state={state} note={review?.note ?? ''} car={adminView} />;
  if (!state) return null;
  const text = M.ownerStatusText[state];
  return (
    <Alert
      color={state === 'rejected' ? 'red' : 'yellow'}
      variant="light"
      title={M.ownerStatus[state]}
      data-testid="review-notice"
    >
      {typeof text === 'function' ? text(review?.note ?? '') : text}
    </Alert>
  );
}

function AdminNotice({
  state,
  note,
  car,
}: {
  state: NotPublic | null;
  note: string;
  car: Pick<AdminCar, 'ownerSuspended' | 'published' | 'images'>;
}) {
  if (car.published) return null;
  const why = M.adminView;
  const stateText = state ? why[state] : null;
  const reasons = [
    ...(stateText ? [typeof stateText === 'function' ? stateText(note) : stateText] : []),
    ...(car.ownerSuspended ? [why.ownerSuspended] : []),
    ...(car.images.length === 0 ? [why.noPhoto] : []),
  ];
  return (
    <Alert
      color={state === 'rejected' ? 'red' : 'yellow'}
      variant="light"
      title={why.title}
      data-testid="review-notice"
    >
      <List size="sm">
        {reasons.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
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
