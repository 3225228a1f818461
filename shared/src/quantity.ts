import { LIMITS } from './limits';

/**
 * A quantity typed into a stepper: anything that is not a number becomes 1 and nothing goes below 1
 * (part 1 §5, part 2 §5). Fractions round down.
 */
export function normalizeQuantity(value: unknown, max: number = LIMITS.cartQuantityMax): number {
  // Only text is read as a number: String() of some values (an object without a prototype) throws.
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  if (!Number.isFinite(parsed)) return LIMITS.cartQuantityMin;
  return Math.min(max, Math.max(LIMITS.cartQuantityMin, Math.floor(parsed)));
}
