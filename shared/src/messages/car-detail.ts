import { SITE_NAME } from '../constants';

export const CAR_DETAIL_MESSAGES = {
  notFound: 'Car Not Found',
  notFoundText: 'This car is not in the gallery, or its address has changed.',
  officialPhotoBadge: `${SITE_NAME} Photo`,
  ownerPhotoBadge: 'Owner Photo',
  ownerNameFallback: 'Car Enthusiast',
  verifiedOwner: 'Verified Owner',
  /** Chosen: the spec says "a member label". */
  memberLabel: 'Community Member',
  voteButton: 'Vote for this Car',
  alreadyVotedButton: 'Already Voted',
  voteAgainNote: 'You can vote for this car again after 24 hours.',
} as const;
