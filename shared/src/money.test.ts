import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents } from './money';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [1050, '$10.50'],
    [1250, '$12.50'],
    [123456789, '$1,234,567.89'],
  ])('%i cents → %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });
});

describe('centsToDollars', () => {
  it('divides by 100', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(0)).toBe(0);
  });
});

describe('dollarsToCents', () => {
  it.each([
    ['19.99', 1999],
    ['0.1', 10],
    ['0.10', 10],
    ['.5', 50],
    ['5', 500],
    ['5.', 500],
    [' 12.30 ', 1230],
    ['0', 0],
    ['1000000.01', 100000001],
  ])('reads %j exactly as %i cents', (input, expected) => {
    expect(dollarsToCents(input)).toBe(expected);
  });

  it('reads numbers without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999); // 19.99 * 100 is 1998.9999999999998
    expect(dollarsToCents(0.1)).toBe(10);
    expect(dollarsToCents(1.15)).toBe(115);
    expect(dollarsToCents(10)).toBe(1000);
  });

  it('keeps the sign of a negative amount so the caller can say it cannot be negative', () => {
    expect(dollarsToCents('-1')).toBe(-100);
    expect(dollarsToCents(-0.5)).toBe(-50);
    expect(dollarsToCents('-0')).toBe(0);
  });

  it.each(['abc', '1.234', '', ' ', '.', '-', '1e3', '$5', '1,000', '12.3.4', '0x10', 'Infinity'])(
    'rejects %j with null',
    (input) => {
      expect(dollarsToCents(input)).toBeNull();
    },
  );

  it('rejects numbers that are not plain dollar amounts', () => {
    expect(dollarsToCents(1.234)).toBeNull();
    expect(dollarsToCents(0.1 + 0.2)).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
    expect(dollarsToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(dollarsToCents(1e21)).toBeNull();
  });

  it('rejects amounts too large to count in cents exactly', () => {
    expect(dollarsToCents('99999999999999999')).toBeNull();
  });
});
