import { CENTRAL_TIME_ZONE } from './constants';

// Event times are entered and shown in US Central time (part 2 §5: "treated as CST and stored as UTC").
// The spec's product labels UTC times 'CST'; here the wall time and the CST/CDT label follow the real zone rules.

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const centralParts = new Intl.DateTimeFormat('en-US', {
  timeZone: CENTRAL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function centralWallClock(instant: Date): WallClock {
  // The formatter asks for all six fields, so each is set below.
  const wall: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const { type, value } of centralParts.formatToParts(instant)) {
    switch (type) {
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
        wall[type] = Number(value);
    }
  }
  return wall;
}

/** Minutes Central time is ahead of UTC at an instant: -360 (CST) or -300 (CDT). */
export function centralOffsetMinutes(instant: Date): number {
  const wall = centralWallClock(instant);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((wallAsUtc - wholeSeconds) / MINUTE_MS);
}

export function isCentralWallTime(value: string): boolean {
  return centralWallTimeToUtc(value) !== null;
}

/**
 * '2026-07-04T19:30' read as Central wall time → the UTC instant (2026-07-05T00:30Z). Null for a malformed or
 * impossible date. At the DST switches it does what calendars do: a time skipped in spring (02:30 on the second
 * Sunday of March) moves forward an hour to 03:30 CDT, and a time that occurs twice in autumn (01:30 on the first
 * Sunday of November) is the first one, CDT.
 */
export function centralWallTimeToUtc(wallTime: string): Date | null {
  const match = WALL_TIME.exec(wallTime.trim());
  if (!match) return null;
  // Defaults never apply: WALL_TIME has five groups that all take part in every match.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = match.slice(1).map(Number);
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Date.UTC rolls 02-30 over into March; a rolled-over date was not a real one.
  const rolled = new Date(wallAsUtc);
  const isRealDate =
    rolled.getUTCFullYear() === year && rolled.getUTCMonth() === month - 1 && rolled.getUTCDate() === day;
  if (!isRealDate || hour > 23 || minute > 59) return null;

  // The offset a day before and a day after bracket any switch; keep those that map back to this wall time.
  const offsetBefore = centralOffsetMinutes(new Date(wallAsUtc - DAY_MS));
  const offsetAfter = centralOffsetMinutes(new Date(wallAsUtc + DAY_MS));
  const candidates = [offsetBefore, offsetAfter]
    .map((offset) => wallAsUtc - offset * MINUTE_MS)
    .filter((utc) => centralOffsetMinutes(new Date(utc)) * MINUTE_MS === wallAsUtc - utc)
    .sort((a, b) => a - b);
  // No candidate: the wall time was skipped; the pre-switch offset lands it one hour later in wall time.
  return new Date(candidates[0] ?? wallAsUtc - offsetBefore * MINUTE_MS);
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** A UTC instant → Central wall time 'YYYY-MM-DDTHH:mm', the value an event form field holds. */
export function utcToCentralWallTime(instant: Date | string): string {
  const wall = centralWallClock(new Date(instant));
  // The year zero-padded too, so year 999 reads 0999 as an ISO date must.
  const year = String(wall.year).padStart(4, '0');
  return `${year}-${pad2(wall.month)}-${pad2(wall.day)}T${pad2(wall.hour)}:${pad2(wall.minute)}`;
}

/** The Central calendar date 'YYYY-MM-DD' of an instant (advertisement start and end dates are Central days). */
export function centralDateString(instant: Date | string): string {
  return utcToCentralWallTime(instant).slice(0, 10);
}

/** 'CST' in winter, 'CDT' in summer. */
export function centralZoneLabel(instant: Date | string): 'CST' | 'CDT' {
  return centralOffsetMinutes(new Date(instant)) === -300 ? 'CDT' : 'CST';
}

/**
 * A UTC instant → '03/08/2026, 3:30 AM CDT' (part 1 §9: MM/DD/YYYY, h:mm AM/PM). Built from parts rather than
 * Intl's own string so every browser prints the same characters (newer ICU puts a narrow space before AM).
 */
export function formatCentralDateTime(instant: Date | string): string {
  const date = new Date(instant);
  const wall = centralWallClock(date);
  return `${pad2(wall.month)}/${pad2(wall.day)}/${wall.year}, ${timeOfDay(date, wall)}`;
}

/** '3:30 AM CDT': the wall clock's time of an instant, 12-hour, with that moment's zone label. */
function timeOfDay(date: Date, wall: WallClock): string {
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  const dayPeriod = wall.hour < 12 ? 'AM' : 'PM';
  return `${hour12}:${pad2(wall.minute)} ${dayPeriod} ${centralZoneLabel(date)}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A UTC instant → 'Sat, Dec 5, 2026 · 5:00 PM CST': an event's date as a visitor reads it, in Central time with the
 * CST/CDT label of that day (the events page; the admin lists keep formatCentralDateTime).
 */
export function formatCentralEventDate(instant: Date | string): string {
  const date = new Date(instant);
  const wall = centralWallClock(date);
  const weekday = WEEKDAYS[new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay()];
  return `${weekday}, ${MONTHS[wall.month - 1]} ${wall.day}, ${wall.year} · ${timeOfDay(date, wall)}`;
}
