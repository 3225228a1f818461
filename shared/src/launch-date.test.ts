import { describe, expect, it } from 'vitest';
import { formatLaunchDate, isValidLaunchDate } from './launch-date';

describe('formatLaunchDate', () => {
  it('writes the spec example', () => {
    expect(formatLaunchDate('2025-03-05')).toBe('March 5, 2025');
  });

  it('never shifts the day, whatever the zone (first and last days of a year)', () => {
    expect(formatLaunchDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatLaunchDate('2025-12-31')).toBe('December 31, 2025');
  });

  it('gives an empty string for no date or an invalid one', () => {
    expect(formatLaunchDate(null)).toBe('');
    expect(formatLaunchDate(undefined)).toBe('');
    expect(formatLaunchDate('')).toBe('');
    expect(formatLaunchDate('2025-02-30')).toBe('');
    expect(formatLaunchDate('March 5')).toBe('');
  });
});

describe('isValidLaunchDate', () => {
  it.each(['2025-03-05', '2024-02-29', '2026-12-31'])('accepts %s', (value) => {
    expect(isValidLaunchDate(value)).toBe(true);
  });

  it.each(['2025-02-29', '2025-13-01', '2025-00-10', '2025-3-5', '2025-03-05T00:00', '05/03/2025', ''])(
    'rejects %j',
    (value) => {
      expect(isValidLaunchDate(value)).toBe(false);
    },
  );
});
