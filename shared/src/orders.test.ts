import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_COLORS, ORDER_STATUSES } from './constants';
import {
  adminOrderListQuerySchema,
  allowedOrderStatuses,
  canCancelOrder,
  canUpdateOrderStatus,
  orderSchema,
  orderStatusUpdateInputSchema,
  orderTransitionError,
  trackingNumberError,
} from './orders';
import { makeOrder } from './test-fixtures';
import { issuesOf } from './test-helpers';

describe('order statuses', () => {
  it('are the five of the spec, each with its badge colour', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'processing', 'shipped', 'delivered', 'canceled']);
    expect(ORDER_STATUS_COLORS).toEqual({
      pending: 'yellow',
      processing: 'blue',
      shipped: 'green',
      delivered: 'teal',
      canceled: 'red',
    });
  });

  it('cannot cancel a delivered or canceled order', () => {
    expect(ORDER_STATUSES.filter(canCancelOrder)).toEqual(['pending', 'processing', 'shipped']);
  });

  it('enables Update Status only for a different choice the status rule allows', () => {
    expect(canUpdateOrderStatus('pending', null)).toBe(false);
    expect(canUpdateOrderStatus('pending', 'pending')).toBe(false);
    expect(canUpdateOrderStatus('pending', 'shipped')).toBe(true);
    expect(canUpdateOrderStatus('delivered', 'processing')).toBe(false);
  });
});

describe('the order status rule', () => {
  it('moves forward, skipping ahead if need be, and never back', () => {
    expect(allowedOrderStatuses('pending')).toEqual(['pending', 'processing', 'shipped', 'delivered', 'canceled']);
    expect(allowedOrderStatuses('processing')).toEqual(['processing', 'shipped', 'delivered', 'canceled']);
    expect(allowedOrderStatuses('shipped')).toEqual(['shipped', 'delivered', 'canceled']);
    expect(orderTransitionError('shipped', 'pending')).toBe('A shipped order cannot be moved back to pending');
  });

  it('keeps delivered and canceled orders final', () => {
    expect(allowedOrderStatuses('delivered')).toEqual(['delivered']);
    expect(allowedOrderStatuses('canceled')).toEqual([]);
    expect(orderTransitionError('canceled', 'canceled')).toBe('This order is already canceled');
    expect(orderTransitionError('delivered', 'processing')).toBe(
      'A delivered order cannot be moved back to processing',
    );
    expect(orderTransitionError('delivered', 'canceled')).toBe('A delivered order cannot be canceled');
    expect(orderTransitionError('canceled', 'pending')).toBe('A canceled order cannot be moved to pending');
  });

  it('needs a tracking number to mark an order shipped, sent now or already on the order', () => {
    const message = 'Please enter a tracking number to mark the order as shipped';
    expect(trackingNumberError('shipped', undefined)).toBe(message);
    expect(trackingNumberError('shipped', '  ')).toBe(message);
    expect(trackingNumberError('shipped', null, '1Z999')).toBe(message);
    expect(trackingNumberError('shipped', undefined, '1Z999')).toBeNull();
    expect(trackingNumberError('shipped', '1Z999')).toBeNull();
    expect(trackingNumberError('processing', undefined)).toBeNull();
  });
});

describe('orderStatusUpdateInputSchema', () => {
  it('takes a status and optional tracking number and notes', () => {
    expect(orderStatusUpdateInputSchema.parse({ id: 7, status: 'shipped', trackingNumber: ' 1Z999 ' })).toEqual({
      id: 7,
      status: 'shipped',
      trackingNumber: '1Z999',
    });
    expect(orderStatusUpdateInputSchema.parse({ id: 7, status: 'shipped', notes: '' }).notes).toBeNull();
  });

  it('rejects an unknown status', () => {
    expect(issuesOf(orderStatusUpdateInputSchema, { id: 7, status: 'paid' }).status).toEqual([
      'Please select a status',
    ]);
  });
});

describe('order lists', () => {
  it('filter by status with the admin limit of 100', () => {
    expect(adminOrderListQuerySchema.parse({ status: 'pending' })).toEqual({
      limit: 100,
      status: 'pending',
    });
  });

  it('carry amounts in integer cents and dates as ISO strings', () => {
    const order = makeOrder();
    expect(orderSchema.parse({ ...order, paymentId: 'pi_secret', userId: 5 })).toEqual(order);
    expect(orderSchema.safeParse({ ...order, total: 117.25 }).success).toBe(false);
  });
});
