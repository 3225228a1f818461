import { describe, expect, it } from 'vitest';
import { pageAddress } from './page-address';

// A rendered landing page is kept under its path and what the page reads of its query string: every address that
// shows the same page shares one kept copy, and no made-up parameter makes a page of its own.

describe('pageAddress', () => {
  it('drops what the home and car pages do not read: tracking and made-up parameters', () => {
    expect(pageAddress('/', 'utm_source=news&fbclid=abc')).toBe('/');
    expect(pageAddress('/cars/nissan-skyline', 'x=1&y=2')).toBe('/cars/nissan-skyline');
    expect(pageAddress('/gallery/nissan-skyline', 'preview=true')).toBe('/gallery/nissan-skyline');
  });

  it('reads the path as the page does, %-escapes decoded; a malformed one is kept as it came', () => {
    expect(pageAddress('/cars/%6Eissan-skyline', '')).toBe('/cars/nissan-skyline');
    expect(pageAddress('/cars/nissan%2Dskyline', 'x=1')).toBe('/cars/nissan-skyline');
    expect(pageAddress('/cars/nissan%E0%A4%A', '')).toBe('/cars/nissan%E0%A4%A');
  });

  it("keeps the gallery's category, search and pages, in one order, as the gallery shows them", () => {
    expect(pageAddress('/gallery', 'junk=1')).toBe('/gallery');
    expect(pageAddress('/gallery', 'pages=3&junk=2&category=JDM')).toBe('/gallery?category=JDM&pages=3');
    expect(pageAddress('/gallery', 'category=JDM&pages=3')).toBe('/gallery?category=JDM&pages=3');
    // Out of range: the whole list, at most the pages 100 cars fill; a default is left out.
    expect(pageAddress('/gallery', 'category=Spaceship&pages=999999')).toBe('/gallery?pages=9');
    expect(pageAddress('/gallery', 'pages=1&q=%20supra%20')).toBe('/gallery?q=supra');
    expect(pageAddress('/cars', 'q=r34')).toBe('/cars?q=r34');
  });

  it("keeps the leaderboard's period and closed month, nothing else", () => {
    expect(pageAddress('/leaderboard', 'period=all&utm_campaign=x')).toBe('/leaderboard?period=all');
    expect(pageAddress('/leaderboard', 'period=month')).toBe('/leaderboard');
    expect(pageAddress('/leaderboard', 'period=decade&x=1')).toBe('/leaderboard');
    expect(pageAddress('/leaderboard', 'month=2026-10&junk=1')).toBe('/leaderboard?month=2026-10');
    expect(pageAddress('/leaderboard', 'month=2026-13')).toBe('/leaderboard');
  });

  it("keeps the Hall of Fame's month, nothing else", () => {
    expect(pageAddress('/hall-of-fame', 'utm_source=x')).toBe('/hall-of-fame');
    expect(pageAddress('/hall-of-fame', 'month=2026-10&junk=1')).toBe('/hall-of-fame?month=2026-10');
    expect(pageAddress('/hall-of-fame', 'month=2026-13')).toBe('/hall-of-fame');
  });

  it('keeps the whole address of a page the server does not render', () => {
    expect(pageAddress('/merch', 'x=1')).toBe('/merch?x=1');
  });
});
