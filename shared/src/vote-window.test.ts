import { describe, expect, it } from 'vitest';
import {
  addMonths,
  centralMonthKey,
  centralMonthStart,
  isInVoteCooldown,
  isMonthKey,
  monthLabel,
  nextCentralMonthStart,
  voteCooldownEndsAt,
} from './vote-window';

describe('monthly window (US Central months)', () => {
  it('starts at midnight Central on the first: 06:00 UTC in winter, 05:00 UTC in summer', () => {
    expect(centralMonthStart(new Date('2026-03-17T15:42:10.123Z')).toISOString()).toBe('2026-03-01T06:00:00.000Z');
    expect(centralMonthStart('2026-07').toISOString()).toBe('2026-07-01T05:00:00.000Z');
    // November starts while daylight time still runs (it ends at 02:00 on the first Sunday).
    expect(centralMonthStart('2026-11').toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('puts the evening of the last day in its own month, not the next UTC one', () => {
    expect(centralMonthKey(new Date('2026-04-01T04:59:59.999Z'))).toBe('2026-03');
    expect(centralMonthKey(new Date('2026-04-01T05:00:00.000Z'))).toBe('2026-04');
    expect(centralMonthKey(new Date('2027-01-01T05:59:59.999Z'))).toBe('2026-12');
    expect(centralMonthKey(new Date('2027-01-01T06:00:00.000Z'))).toBe('2027-01');
  });

  it('ends where the next month starts, across a year end', () => {
    expect(nextCentralMonthStart('2026-12').toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(nextCentralMonthStart(new Date('2026-12-31T23:59:59.999Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });

  it('counts months and names them', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(monthLabel('2026-10')).toBe('October 2026');
    expect(isMonthKey('2026-10')).toBe(true);
    expect(isMonthKey('2026-13')).toBe(false);
    expect(isMonthKey('2026-1')).toBe(false);
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
