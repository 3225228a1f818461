import { describe, expect, it } from 'vitest';
import { stripTrackingParams, TRACKING_PARAMS } from './url';

describe('stripTrackingParams', () => {
  it('removes every tracking parameter the spec names', () => {
    const query = TRACKING_PARAMS.map((name) => `${name}=x`).join('&');
    expect(stripTrackingParams(`/gallery?${query}`)).toBe('/gallery');
  });

  it('removes other utm_ parameters too', () => {
    expect(stripTrackingParams('/?utm_id=42')).toBe('/');
  });

  it('keeps other parameters and the hash byte for byte', () => {
    expect(stripTrackingParams('/?preview=true&fbclid=abc')).toBe('/?preview=true');
    expect(stripTrackingParams('/cars/x?utm_source=fb&q=a%20b+c#share')).toBe('/cars/x?q=a%20b+c#share');
    expect(stripTrackingParams('/terms-of-service?fbclid=1#privacy-policy')).toBe('/terms-of-service#privacy-policy');
  });

  it('works on absolute URLs', () => {
    expect(stripTrackingParams('https://curbside.example/leaderboard?utm_medium=social&period=all')).toBe(
      'https://curbside.example/leaderboard?period=all',
    );
  });

  it('returns the input unchanged when there is nothing to remove', () => {
    for (const url of [
      '/',
      '/gallery?q=supra',
      '/upload?edit=4',
      'https://x.example/#utm_source=in-hash',
      '/?%E0%A4%A=1',
    ]) {
      expect(stripTrackingParams(url)).toBe(url);
    }
  });

  it('does not mistake look-alike names for tracking parameters', () => {
    expect(stripTrackingParams('/?xfbclid=1&utmsource=2')).toBe('/?xfbclid=1&utmsource=2');
  });
});
