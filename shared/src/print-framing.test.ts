import { describe, expect, it } from 'vitest';
import { printFraming } from './order-admin';

describe('printFraming', () => {
  it('turns the print like the photo and trims the photo where the shapes differ', () => {
    // A 16:10 landscape photo in a 2:3 print: the print is turned landscape (3:2) and trims the sides.
    expect(printFraming({ width: 1600, height: 1000 }, '12x18')).toEqual({
      aspectRatio: 1.5,
      trimmed: 'sides',
      trimmedPercent: 6,
    });
    // A portrait photo in an 8x10 print: portrait, 4:5, taller than 2:3 is wide, so the top and bottom go.
    expect(printFraming({ width: 1000, height: 1500 }, '8x10')).toEqual({
      aspectRatio: 0.8,
      trimmed: 'top and bottom',
      trimmedPercent: 17,
    });
  });

  it('says the whole photo fits when the shapes agree, and knows nothing of an unknown size', () => {
    expect(printFraming({ width: 3000, height: 2000 }, '24x36')).toEqual({
      aspectRatio: 1.5,
      trimmed: null,
      trimmedPercent: 0,
    });
    expect(printFraming({ width: 3000, height: 2000 }, null)).toBeNull();
    expect(printFraming({ width: 3000, height: 2000 }, 'A4')).toBeNull();
  });
});
