import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import {
  adminOrderListQuerySchema,
  allowedOrderStatuses,
  orderStatusUpdateInputSchema,
  orderTransitionError,
} from './orders';
import { checkRefusesCleanly, hostileValue, messagesOf, runs } from './test-arbitraries';

// Order status changes (part 2 §4, rule chosen and written in orders.ts): forward only, cancel until delivered,
// delivered and canceled final.

const status = fc.constantFrom(...ORDER_STATUSES);

describe('orderStatusUpdateInputSchema', () => {
  it('accepts every status with optional tracking number and notes within their limits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1 }),
        status,
        fc.option(fc.string({ maxLength: LIMITS.trackingNumberMax }), { nil: undefined }),
        (id, s, trackingNumber) => {
          const out = orderStatusUpdateInputSchema.parse({ id, status: s, trackingNumber });
          expect(out.status).toBe(s);
          expect(out.trackingNumber).toBe(trackingNumber === undefined ? undefined : trackingNumber.trim() || null);
        },
      ),
      runs(),
    );
  });

  it('refuses any other status with "Please select a status", and long tracking numbers', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(!(ORDER_STATUSES as readonly string[]).includes(s));
        expect(messagesOf(orderStatusUpdateInputSchema, { id: 1, status: s })).toEqual([
          MESSAGES.validation.orderStatusRequired,
        ]);
        expect(adminOrderListQuerySchema.safeParse({ status: s }).success).toBe(false);
      }),
      runs(),
    );
    expect(
      orderStatusUpdateInputSchema.safeParse({ id: 1, status: 'shipped', trackingNumber: 't'.repeat(101) }).success,
    ).toBe(false);
  });

  it('refuses hostile values with a message, never another error', () => {
    fc.assert(
      fc.property(hostileValue, hostileValue, hostileValue, (id, s, notes) => {
        checkRefusesCleanly(orderStatusUpdateInputSchema, { id, status: s, notes });
      }),
      runs(300),
    );
  });
});

describe('the order status rule', () => {
  it('never moves an order back, never changes a delivered or canceled one, and lists exactly what it allows', () => {
    const rank = (s: string) => ['pending', 'processing', 'shipped', 'delivered'].indexOf(s);
    fc.assert(
      fc.property(status, status, (from, to) => {
        const allowed = orderTransitionError(from, to) === null;
        expect(allowedOrderStatuses(from).includes(to)).toBe(allowed);
        if (from === 'canceled') expect(allowed).toBe(false);
        else if (from === 'delivered') expect(allowed).toBe(to === 'delivered');
        else if (to === 'canceled') expect(allowed).toBe(true);
        else expect(allowed).toBe(rank(to) >= rank(from));
      }),
      runs(100),
    );
  });
});
