import { describe, expect, it } from 'vitest';
import { formatOrderNumber } from './order-number';

describe('formatOrderNumber', () => {
  it('writes the stored order id with a leading #, as every screen and e-mail shows it', () => {
    expect(formatOrderNumber(1)).toBe('#1');
    expect(formatOrderNumber(1042)).toBe('#1042');
  });
});
