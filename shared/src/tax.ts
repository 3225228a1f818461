import { LIMITS } from './limits';
import type { UsStateCode } from './us-states';

// Sales tax by shipping state (part 2 §9). Rates in percent, copied from the spec's table.
// biome-ignore format: keeps the spec's table shape
export const STATE_TAX_PERCENT: Record<UsStateCode, number> = {
  AL: 4, AK: 0, AZ: 5.6, AR: 6.5, CA: 7.25, CO: 2.9,
  CT: 6.35, DE: 0, FL: 6, GA: 4, HI: 4, ID: 6,
  IL: 6.25, IN: 7, IA: 6, KS: 6.5, KY: 6, LA: 4.45,
  ME: 5.5, MD: 6, MA: 6.25, MI: 6, MN: 6.875, MS: 7,
  MO: 4.225, MT: 0, NE: 5.5, NV: 6.85, NH: 0, NJ: 6.625,
  NM: 5.125, NY: 4, NC: 4.75, ND: 5, OH: 5.75, OK: 4.5,
  OR: 0, PA: 6, RI: 7, SC: 6, SD: 4.5, TN: 7,
  TX: 6.25, UT: 4.85, VT: 6, VA: 5.3, WA: 6.5, WV: 6,
  WI: 5, WY: 4, DC: 6,
};

/** Percent rate for a shipping state code (any case); a blank or unknown state pays the default 6%. */
export function taxRateForState(stateCode: string | null | undefined): number {
  const code = (stateCode ?? '').trim().toUpperCase();
  return Object.hasOwn(STATE_TAX_PERCENT, code) ? STATE_TAX_PERCENT[code as UsStateCode] : LIMITS.defaultTaxPercent;
}

/**
 * Tax in whole cents on a subtotal in cents, rounded half up.
 * Every rate has at most three decimals, so rate × 1000 is an integer and subtotal × that is exact;
 * the single division at the end is the only rounding step.
 */
export function computeTax(subtotalCents: number, stateCode: string | null | undefined): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
    throw new RangeError(`subtotalCents must be a non-negative integer, got ${subtotalCents}`);
  }
  const rateInThousandthsOfPercent = Math.round(taxRateForState(stateCode) * 1000);
  // percent/100 and thousandths/1000: tax = subtotal × rate / 100000.
  return Math.round((subtotalCents * rateInThousandthsOfPercent) / 100_000);
}
