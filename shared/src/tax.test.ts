import { describe, expect, it } from 'vitest';
import { computeTax, STATE_TAX_PERCENT, taxRateForState } from './tax';
import { US_STATES } from './us-states';

describe('state tax table', () => {
  it('has a rate for each of the 50 states and DC, and nothing else', () => {
    expect(US_STATES).toHaveLength(51);
    const tableCodes = Object.keys(STATE_TAX_PERCENT).sort();
    const stateCodes = US_STATES.map((state) => state.code).sort();
    expect(tableCodes).toEqual(stateCodes);
  });

  it('copies the spec table', () => {
    expect(STATE_TAX_PERCENT).toMatchObject({
      AL: 4,
      AK: 0,
      AZ: 5.6,
      AR: 6.5,
      CA: 7.25,
      CO: 2.9,
      CT: 6.35,
      DE: 0,
      FL: 6,
      GA: 4,
      HI: 4,
      ID: 6,
      IL: 6.25,
      IN: 7,
      IA: 6,
      KS: 6.5,
      KY: 6,
      LA: 4.45,
      ME: 5.5,
      MD: 6,
      MA: 6.25,
      MI: 6,
      MN: 6.875,
      MS: 7,
      MO: 4.225,
      MT: 0,
      NE: 5.5,
      NV: 6.85,
      NH: 0,
      NJ: 6.625,
      NM: 5.125,
      NY: 4,
      NC: 4.75,
      ND: 5,
      OH: 5.75,
      OK: 4.5,
      OR: 0,
      PA: 6,
      RI: 7,
      SC: 6,
      SD: 4.5,
      TN: 7,
      TX: 6.25,
      UT: 4.85,
      VT: 6,
      VA: 5.3,
      WA: 6.5,
      WV: 6,
      WI: 5,
      WY: 4,
      DC: 6,
    });
  });
});

describe('taxRateForState', () => {
  it('reads codes in any case and with spaces', () => {
    expect(taxRateForState('CA')).toBe(7.25);
    expect(taxRateForState(' mn ')).toBe(6.875);
  });

  it.each([null, undefined, '', 'ZZ', 'PR', 'California', 'toString', '__proto__'])(
    'gives the default 6%% for %j',
    (code) => {
      expect(taxRateForState(code)).toBe(6);
    },
  );
});

describe('computeTax', () => {
  it('CA 7.25% of $100.00 is $7.25', () => {
    expect(computeTax(10000, 'CA')).toBe(725);
  });

  it('is exact for three-decimal rates', () => {
    expect(computeTax(10000, 'MO')).toBe(423); // 422.5 rounds half up
    expect(computeTax(10000, 'MN')).toBe(688); // 687.5 rounds half up
    expect(computeTax(100000, 'MO')).toBe(4225);
    expect(computeTax(1000, 'MN')).toBe(69); // 68.75
  });

  it('rounds half a cent up', () => {
    expect(computeTax(50, 'AL')).toBe(2); // 4% of 50 = 2.0
    expect(computeTax(1250, 'AL')).toBe(50);
    expect(computeTax(10, 'FL')).toBe(1); // 0.6 → 1
    expect(computeTax(25, 'ND')).toBe(1); // 5% of 25 = 1.25 → 1
    expect(computeTax(30, 'ND')).toBe(2); // 1.5 → 2
    expect(computeTax(8, 'CA')).toBe(1); // 0.58 → 1
    expect(computeTax(6, 'CA')).toBe(0); // 0.435 → 0
  });

  it('charges 6% for an unknown or blank state', () => {
    expect(computeTax(10000, 'ZZ')).toBe(600);
    expect(computeTax(10000, '')).toBe(600);
    expect(computeTax(10000, null)).toBe(600);
  });

  it('charges nothing in tax-free states and on an empty cart', () => {
    expect(computeTax(10000, 'OR')).toBe(0);
    expect(computeTax(0, 'CA')).toBe(0);
  });

  it('refuses amounts that are not whole non-negative cents', () => {
    expect(() => computeTax(10.5, 'CA')).toThrow(RangeError);
    expect(() => computeTax(-1, 'CA')).toThrow(RangeError);
  });
});
