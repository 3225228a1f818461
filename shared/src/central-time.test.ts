import { describe, expect, it } from 'vitest';
import {
  centralDateString,
  centralOffsetMinutes,
  centralWallTimeToUtc,
  centralZoneLabel,
  formatCentralDateTime,
  isCentralWallTime,
  utcToCentralWallTime,
} from './central-time';

/** The UTC instant, as an ISO string, of a wall time the test means to be valid. */
const utc = (wallTime: string): string => {
  const instant = centralWallTimeToUtc(wallTime);
  if (!instant) throw new Error(`${wallTime} is not a Central wall time`);
  return instant.toISOString();
};

describe('centralWallTimeToUtc', () => {
  it('reads winter times as CST (UTC-6) and summer times as CDT (UTC-5)', () => {
    expect(utc('2026-01-15T19:30')).toBe('2026-01-16T01:30:00.000Z');
    expect(utc('2026-07-04T19:30')).toBe('2026-07-05T00:30:00.000Z');
  });

  it('switches to CDT on 2026-03-08 at 2:00', () => {
    expect(utc('2026-03-08T01:59')).toBe('2026-03-08T07:59:00.000Z');
    expect(utc('2026-03-08T03:00')).toBe('2026-03-08T08:00:00.000Z');
  });

  it('moves a time skipped in spring forward an hour', () => {
    expect(utc('2026-03-08T02:30')).toBe('2026-03-08T08:30:00.000Z'); // = 03:30 CDT
  });

  it('switches back to CST on 2026-11-01 and reads the repeated hour as its first (CDT) occurrence', () => {
    expect(utc('2026-11-01T00:59')).toBe('2026-11-01T05:59:00.000Z');
    expect(utc('2026-11-01T01:30')).toBe('2026-11-01T06:30:00.000Z');
    expect(utc('2026-11-01T02:00')).toBe('2026-11-01T08:00:00.000Z');
  });

  it('crosses the date line into the next UTC day', () => {
    expect(utc('2026-12-31T23:00')).toBe('2027-01-01T05:00:00.000Z');
  });

  it.each([
    '',
    '2026-02-30T10:00',
    '2026-13-01T10:00',
    '2026-01-01T24:00',
    '2026-01-01T10:60',
    '2026-01-01 10:00',
    '2026-01-01T10:00Z',
    'soon',
  ])('rejects %j', (value) => {
    expect(centralWallTimeToUtc(value)).toBeNull();
    expect(isCentralWallTime(value)).toBe(false);
  });
});

describe('utcToCentralWallTime', () => {
  it('gives the form value back on both sides of each switch', () => {
    for (const wallTime of [
      '2026-03-08T01:59',
      '2026-03-08T03:00',
      '2026-07-04T19:30',
      '2026-11-01T00:59',
      '2026-11-01T02:00',
      '2026-12-31T23:00',
    ]) {
      expect(utcToCentralWallTime(utc(wallTime))).toBe(wallTime);
    }
  });

  it('accepts an ISO string', () => {
    expect(utcToCentralWallTime('2026-11-01T07:30:00.000Z')).toBe('2026-11-01T01:30'); // the second 1:30, CST
    expect(centralDateString('2026-01-01T05:59:00.000Z')).toBe('2025-12-31');
  });

  it('writes the year with four digits, as an ISO date must, before year 1000 too', () => {
    const year999 = new Date(Date.UTC(2000, 5, 15, 12));
    year999.setUTCFullYear(999);
    expect(centralDateString(year999)).toBe('0999-06-15');
  });
});

describe('formatCentralDateTime', () => {
  it('labels winter CST and summer CDT', () => {
    expect(formatCentralDateTime('2026-01-16T01:30:00.000Z')).toBe('01/15/2026, 7:30 PM CST');
    expect(formatCentralDateTime('2026-07-05T00:30:00.000Z')).toBe('07/04/2026, 7:30 PM CDT');
  });

  it('changes label exactly at the spring switch', () => {
    expect(formatCentralDateTime('2026-03-08T07:59:00.000Z')).toBe('03/08/2026, 1:59 AM CST');
    expect(formatCentralDateTime('2026-03-08T08:00:00.000Z')).toBe('03/08/2026, 3:00 AM CDT');
  });

  it('changes label exactly at the autumn switch', () => {
    expect(formatCentralDateTime('2026-11-01T06:59:00.000Z')).toBe('11/01/2026, 1:59 AM CDT');
    expect(formatCentralDateTime('2026-11-01T07:00:00.000Z')).toBe('11/01/2026, 1:00 AM CST');
  });

  it('writes midnight and noon as 12', () => {
    expect(formatCentralDateTime(utc('2026-02-01T00:05'))).toBe('02/01/2026, 12:05 AM CST');
    expect(formatCentralDateTime(utc('2026-06-01T12:00'))).toBe('06/01/2026, 12:00 PM CDT');
  });
});

describe('centralOffsetMinutes and centralZoneLabel', () => {
  it('are -360/CST in winter and -300/CDT in summer', () => {
    expect(centralOffsetMinutes(new Date('2026-01-01T12:00:00Z'))).toBe(-360);
    expect(centralOffsetMinutes(new Date('2026-07-01T12:00:00.500Z'))).toBe(-300);
    expect(centralZoneLabel('2026-01-01T12:00:00Z')).toBe('CST');
    expect(centralZoneLabel('2026-07-01T12:00:00Z')).toBe('CDT');
  });
});
