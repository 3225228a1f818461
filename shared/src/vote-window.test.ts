import { describe, expect, it } from 'vitest';
import { isInVoteCooldown, isSameUtcMonth, monthStartUtc, nextMonthStartUtc, voteCooldownEndsAt } from './vote-window';

describe('monthly window', () => {
  it('starts at midnight UTC on the first of the month', () => {
    expect(monthStartUtc(new Date('2026-03-17T15:42:10.123Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(monthStartUtc(new Date('2026-03-01T00:00:00.000Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('ends where the next month starts, across a year end', () => {
    expect(nextMonthStartUtc(new Date('2026-12-31T23:59:59.999Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('compares months in UTC, not local time', () => {
    expect(isSameUtcMonth(new Date('2026-03-31T23:59:59Z'), new Date('2026-03-01T00:00:00Z'))).toBe(true);
    expect(isSameUtcMonth(new Date('2026-03-31T23:59:59Z'), new Date('2026-04-01T00:00:00Z'))).toBe(false);
    expect(isSameUtcMonth(new Date('2025-03-15T00:00:00Z'), new Date('2026-03-15T00:00:00Z'))).toBe(false);
  });
});

describe('vote cooldown', () => {
  it('ends 24 hours after the last vote', () => {
    expect(voteCooldownEndsAt('2026-03-07T10:00:00.000Z').toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(voteCooldownEndsAt(new Date('2026-12-31T23:30:00.000Z')).toISOString()).toBe('2027-01-01T23:30:00.000Z');
  });

  it('blocks until exactly 24 hours have passed', () => {
    const lastVote = new Date('2026-03-07T10:00:00.000Z');
    expect(isInVoteCooldown(lastVote, new Date('2026-03-08T09:59:59.999Z'))).toBe(true);
    expect(isInVoteCooldown(lastVote, new Date('2026-03-08T10:00:00.000Z'))).toBe(false);
  });
});
