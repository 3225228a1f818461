import { LIMITS } from './limits';

/**
 * A quantity typed into a stepper: anything that is not a number becomes 1 and nothing goes below 1
 * (part 1 §5, part 2 §5). Fractions round down.
 */
export function normalizeQuantity(value: unknown, max: number = LIMITS.cartQuantityMax): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  if (!Number.isFinite(parsed)) return LIMITS.cartQuantityMin;
  return Math.min(max, Math.max(LIMITS.cartQuantityMin, Math.floor(parsed)));
}
