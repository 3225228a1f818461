import { describe, expect, it } from 'vitest';
import { advertisementCreateInputSchema, advertisementUpdateInputSchema, defaultAdPeriod, isAdLive } from './ads';
import { issuesOf } from './test-helpers';

const ad = {
  name: 'Spring sale',
  type: 'banner',
  imageUrl: '/api/file/ad.png',
  linkUrl: 'https://shop.example/sale',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
};

describe('advertisementCreateInputSchema', () => {
  it('accepts an uploaded image or an http image URL and defaults to active', () => {
    expect(advertisementCreateInputSchema.parse(ad)).toMatchObject({ active: true });
    expect(advertisementCreateInputSchema.safeParse({ ...ad, imageUrl: 'http://cdn.example/a.png' }).success).toBe(
      true,
    );
  });

  it('gives the spec messages', () => {
    expect(issuesOf(advertisementCreateInputSchema, { ...ad, name: '', type: 'popup', imageUrl: 'ad.png' })).toEqual({
      name: ['Advertisement name is required'],
      type: ['Please select advertisement type'],
      imageUrl: ['Please enter a valid URL or upload an image'],
    });
  });

  it.each(['shop.example', 'ftp://shop.example', 'javascript:alert(1)', ''])('rejects link %j', (linkUrl) => {
    expect(issuesOf(advertisementCreateInputSchema, { ...ad, linkUrl }).linkUrl).toEqual([
      'Please enter a valid URL starting with http:// or https://',
    ]);
  });

  it('rejects a stored-file path that climbs out of the file area', () => {
    expect(advertisementCreateInputSchema.safeParse({ ...ad, imageUrl: '/api/file/../secret' }).success).toBe(false);
  });

  it('requires both dates and an end on or after the start', () => {
    expect(issuesOf(advertisementCreateInputSchema, { ...ad, startDate: undefined, endDate: '' })).toEqual({
      startDate: ['Start date is required'],
      endDate: ['End date is required'],
    });
    expect(issuesOf(advertisementCreateInputSchema, { ...ad, endDate: '2026-02-28' })).toEqual({
      endDate: ['End date must be on or after the start date'],
    });
    expect(advertisementCreateInputSchema.safeParse({ ...ad, endDate: '2026-03-01' }).success).toBe(true);
  });

  it('lets the Active toggle send only id and active', () => {
    expect(advertisementUpdateInputSchema.parse({ id: 3, active: false })).toEqual({ id: 3, active: false });
  });
});

describe('advertisement dates', () => {
  it('default to today and 30 days on, in Central days', () => {
    // 03:00Z on 1 March is still 28 February in Chicago.
    expect(defaultAdPeriod(new Date('2026-03-01T03:00:00Z'))).toEqual({
      startDate: '2026-02-28',
      endDate: '2026-03-30',
    });
  });

  it('are inclusive at both ends', () => {
    const live = { active: true, startDate: '2026-03-01', endDate: '2026-03-31' };
    expect(isAdLive(live, new Date('2026-03-01T06:00:00Z'))).toBe(true); // 00:00 CST on the 1st
    expect(isAdLive(live, new Date('2026-03-01T05:59:00Z'))).toBe(false);
    expect(isAdLive(live, new Date('2026-04-01T04:59:00Z'))).toBe(true); // 23:59 CDT on the 31st
    expect(isAdLive(live, new Date('2026-04-01T05:00:00Z'))).toBe(false);
  });

  it('are optional, and an inactive ad is never live', () => {
    expect(isAdLive({ active: true, startDate: null, endDate: null })).toBe(true);
    expect(isAdLive({ active: false, startDate: null, endDate: null })).toBe(false);
  });
});
