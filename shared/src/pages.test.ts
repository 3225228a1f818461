import { describe, expect, it } from 'vitest';
import { isAppPagePath } from './pages';

describe('isAppPagePath', () => {
  it('knows the pages at one address, with or without a trailing slash', () => {
    for (const path of ['/', '/gallery', '/leaderboard', '/user/orders', '/admin', '/merch/']) {
      expect(isAppPagePath(path)).toBe(true);
    }
  });

  it('knows a car page by its form', () => {
    expect(isAppPagePath('/cars/1990-nissan-skyline')).toBe(true);
    expect(isAppPagePath('/gallery/any-slug')).toBe(true);
  });

  it('refuses every other path', () => {
    for (const path of ['/no-such-page', '/cars/a/b', '/user', '/user/other', '/gallery2', '/admin/x', '/sitemap']) {
      expect(isAppPagePath(path)).toBe(false);
    }
  });
});
