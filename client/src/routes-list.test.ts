import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_PAGE_PATHS, CAR_PAGE_PREFIXES } from '@curbside/shared';
import { describe, expect, it } from 'vitest';

// The server sends 404 for every path that is not one of the app's pages (shared/src/pages.ts): a page added here
// but not there would reach visitors with a 404 status, and crawlers would skip it.

describe("the server's list of pages", () => {
  it('names exactly the routes of routes.tsx', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8');
    const routes = [...source.matchAll(/<Route path="([^"]+)"/g)].map((match) => match[1]);
    const expected = [...APP_PAGE_PATHS, ...CAR_PAGE_PREFIXES.map((prefix) => `${prefix}:slug`)];
    expect([...routes].sort()).toEqual([...expected].sort());
  });
});
