import { describe, expect, it } from 'vitest';
import { eventCalendarFile, eventCalendarFileName } from './calendar';
import { formatCentralEventDate } from './central-time';

const EVENT = {
  id: 7,
  title: 'Cars, Coffee; and Donuts',
  description: 'Line one\nLine two with a \\ backslash',
  location: 'Navy Pier, Chicago',
  eventDate: '2026-12-05T23:00:00.000Z',
  fbEventUrl: 'https://facebook.com/events/7',
};

describe('eventCalendarFile', () => {
  const ics = eventCalendarFile(EVENT, 'Curbside', new Date('2026-11-28T04:00:00.000Z'));
  const lines = ics.split('\r\n');

  it('is one VEVENT with the UTC start, a duration, the escaped texts and the link, in CRLF lines', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('UID:event-7@curbside');
    expect(lines).toContain('DTSTAMP:20261128T040000Z');
    expect(lines).toContain('DTSTART:20261205T230000Z');
    expect(lines).toContain('DURATION:PT2H');
    expect(lines).toContain('SUMMARY:Cars\\, Coffee\\; and Donuts');
    expect(lines).toContain('LOCATION:Navy Pier\\, Chicago');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two with a \\\\ backslash');
    expect(lines).toContain('URL:https://facebook.com/events/7');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('leaves out the link when there is none, and folds long lines at 75 octets without splitting a character', () => {
    const long = eventCalendarFile({ ...EVENT, fbEventUrl: null, description: 'é'.repeat(100) }, 'Curbside');
    expect(long).not.toContain('URL:');
    const folded = long.split('\r\n');
    const start = folded.findIndex((line) => line.startsWith('DESCRIPTION:'));
    for (const line of folded) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = [folded[start], ...folded.slice(start + 1).filter((line) => line.startsWith(' '))]
      .map((line, i) => (i === 0 ? line : line?.slice(1)))
      .join('');
    expect(unfolded).toBe(`DESCRIPTION:${'é'.repeat(100)}`);
  });

  it('names the file after the event', () => {
    expect(eventCalendarFileName('Friday Night Meet!')).toBe('friday-night-meet.ics');
    expect(eventCalendarFileName('¡¡¡')).toBe('event.ics');
  });
});

describe('formatCentralEventDate', () => {
  it('reads the day and time in Chicago with that day’s zone label', () => {
    expect(formatCentralEventDate('2026-12-05T23:00:00.000Z')).toBe('Sat, Dec 5, 2026 · 5:00 PM CST');
    expect(formatCentralEventDate('2027-07-05T00:30:00.000Z')).toBe('Sun, Jul 4, 2027 · 7:30 PM CDT');
    // Midnight and noon in 12-hour time; a UTC date already the next day in Chicago's evening.
    expect(formatCentralEventDate('2026-02-01T06:05:00.000Z')).toBe('Sun, Feb 1, 2026 · 12:05 AM CST');
    expect(formatCentralEventDate('2026-06-01T17:00:00.000Z')).toBe('Mon, Jun 1, 2026 · 12:00 PM CDT');
  });
});
