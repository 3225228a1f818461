import { describe, expect, it } from 'vitest';
import { formatStatsMonth, lastCentralMonths } from './stats';

describe('lastCentralMonths', () => {
  it('ends with the Central month of now, which on the evening of the 31st is not the UTC one', () => {
    // 8:30 PM CST on Dec 31, 2026 is already 2027 in UTC.
    const months = lastCentralMonths(12, new Date('2027-01-01T02:30:00Z'));
    expect(months.map((m) => m.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
  });

  it('starts each month at midnight Central, CST or CDT as the date has it, and ends where the next begins', () => {
    const [feb, mar, apr] = lastCentralMonths(3, new Date('2026-04-15T12:00:00Z'));
    expect(feb).toEqual({
      month: '2026-02',
      start: new Date('2026-02-01T06:00:00Z'),
      end: new Date('2026-03-01T06:00:00Z'),
    });
    // March starts in CST; April (after the switch on March 8) in CDT.
    expect(mar?.end).toEqual(new Date('2026-04-01T05:00:00Z'));
    expect(apr).toEqual({
      month: '2026-04',
      start: new Date('2026-04-01T05:00:00Z'),
      end: new Date('2026-05-01T05:00:00Z'),
    });
  });
});

describe('formatStatsMonth', () => {
  it('names the month and year', () => {
    expect(formatStatsMonth('2026-01')).toBe('Jan 2026');
    expect(formatStatsMonth('2025-12')).toBe('Dec 2025');
  });
});
