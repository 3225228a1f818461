import { describe, expect, it } from 'vitest';
import { carSlugBase, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Nissan Skyline GT-R', 'nissan-skyline-gt-r'],
    ['  Porsche   911  ', 'porsche-911'],
    ['Citroën DS 21 Pallas!', 'citroen-ds-21-pallas'],
    ['Škoda Octavia RS', 'skoda-octavia-rs'],
    ['Straßenkreuzer', 'strassenkreuzer'],
    ['Ærø Øresund', 'aero-oresund'],
    ['Mercedes-Benz 300 SL "Gullwing"', 'mercedes-benz-300-sl-gullwing'],
    ['---Hot__Rod---', 'hot-rod'],
    ['Ford\tMustang\nBoss 429', 'ford-mustang-boss-429'],
    ['日産', ''],
    ['', ''],
    ['🚗 Mini', 'mini'],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('cuts long text at 80 characters without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(79)} bcd`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('x'.repeat(200))).toHaveLength(80);
  });

  it('takes a custom maximum', () => {
    expect(slugify('Toyota Supra', 6)).toBe('toyota');
  });
});

describe('carSlugBase', () => {
  it('joins make and model', () => {
    expect(carSlugBase('Toyota', 'Supra MK4')).toBe('toyota-supra-mk4');
  });

  it('falls back to "car" when nothing latin is left', () => {
    expect(carSlugBase('日産', 'スカイライン')).toBe('car');
  });

  it('leaves room for a uniqueness suffix', () => {
    expect(carSlugBase('A'.repeat(60), 'B'.repeat(60)).length).toBeLessThanOrEqual(64);
  });
});
