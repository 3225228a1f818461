import { describe, expect, it } from 'vitest';
import { carSceneSvg } from './demo-images';

describe('demo car photos', () => {
  it('carry no caption for the card badges to cover: the page names the car', () => {
    const car = { make: 'Toyota', model: 'Supra', year: 1994, color: '#c62828', body: 'coupe' as const };
    for (const n of [0, 1, 2, 3]) {
      const svg = carSceneSvg(car, n);
      expect(svg).toMatch(/^<svg [^>]*width="1600" height="1000"/);
      expect(svg).not.toContain('<text');
      expect(svg).not.toContain('Supra');
    }
  });
});
