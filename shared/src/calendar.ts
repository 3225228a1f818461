import { slugify } from './slug';

// An event as a calendar file (RFC 5545 iCalendar), for the events page's "Add to Calendar" download.

/** Events have no end time: the calendar entry lasts this long from the start. */
export const EVENT_CALENDAR_DURATION = 'PT2H';

interface CalendarEvent {
  id: number;
  title: string;
  description: string;
  location: string;
  /** The start, a UTC instant (ISO). */
  eventDate: string;
  fbEventUrl: string | null;
}

/** '2026-12-05T23:00:00.000Z' → '20261205T230000Z' (a UTC DATE-TIME). */
const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as \n. */
const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n|\r/g, '\\n');

/** A content line folded at 75 octets (UTF-8), each continuation starting with a space; never inside a character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The .ics text of one event (UTC times: a calendar shows them in its own zone). `now` is the DTSTAMP. */
export function eventCalendarFile(event: CalendarEvent, siteName: string, now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${text(siteName)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${slugify(siteName) || 'events'}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(new Date(event.eventDate))}`,
    `DURATION:${EVENT_CALENDAR_DURATION}`,
    `SUMMARY:${text(event.title)}`,
    `LOCATION:${text(event.location)}`,
    `DESCRIPTION:${text(event.description)}`,
    ...(event.fbEventUrl ? [`URL:${event.fbEventUrl}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The file name of an event's .ics download: 'friday-night-meet.ics'. */
export const eventCalendarFileName = (title: string) => `${slugify(title) || 'event'}.ics`;
