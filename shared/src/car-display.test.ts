import { describe, expect, it } from 'vitest';
import { carVoteCount, primaryImage } from './car-display';
import { isShareableImage } from './share';

describe('carVoteCount', () => {
  it('prefers this month, then all time, then 0', () => {
    expect(carVoteCount({ lastMonthVotes: 7, totalVotes: 40 })).toBe(7);
    expect(carVoteCount({ lastMonthVotes: 0, totalVotes: 40 })).toBe(40);
    expect(carVoteCount({ lastMonthVotes: null, totalVotes: 40 })).toBe(40);
    expect(carVoteCount({ totalVotes: null })).toBe(0);
    expect(carVoteCount({})).toBe(0);
  });
});

describe('primaryImage', () => {
  const first = { id: 1, isPrimary: false };
  const second = { id: 2, isPrimary: true };

  it('picks the primary image', () => {
    expect(primaryImage([first, second])).toBe(second);
  });

  it('falls back to the first image, then null', () => {
    expect(primaryImage([first, { id: 3, isPrimary: false }])).toBe(first);
    expect(primaryImage([])).toBeNull();
    expect(primaryImage(null)).toBeNull();
    expect(primaryImage(undefined)).toBeNull();
  });
});

describe('isShareableImage', () => {
  it('skips images over 8 MB only', () => {
    expect(isShareableImage({ fileSize: 8_388_608 })).toBe(true);
    expect(isShareableImage({ fileSize: 8_388_609 })).toBe(false);
    expect(isShareableImage({ fileSize: null })).toBe(true);
  });
});
