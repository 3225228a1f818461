import { describe, expect, it } from 'vitest';
import { rankChange, topCarsQuerySchema } from './leaderboard';

describe('topCarsQuerySchema', () => {
  it('defaults to this month and the leaderboard limit of 20', () => {
    expect(topCarsQuerySchema.parse({})).toEqual({ period: 'month', limit: 20 });
    expect(topCarsQuerySchema.parse({ period: 'all', limit: 3 })).toEqual({ period: 'all', limit: 3 });
  });

  it('rejects other periods and limits above 20', () => {
    expect(topCarsQuerySchema.safeParse({ period: 'week' }).success).toBe(false);
    expect(topCarsQuerySchema.safeParse({ limit: 21 }).success).toBe(false);
    expect(topCarsQuerySchema.safeParse({ limit: 0 }).success).toBe(false);
  });
});

describe('rankChange (rank 24 hours ago against rank now)', () => {
  it('is positive when a car moved up, negative when it moved down, and null when it was not listed', () => {
    expect(rankChange(5, 2)).toBe(3);
    expect(rankChange(1, 4)).toBe(-3);
    expect(rankChange(3, 3)).toBe(0);
    expect(rankChange(null, 1)).toBeNull();
  });
});
