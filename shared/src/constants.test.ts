import { describe, expect, it } from 'vitest';
import { CAR_CATEGORIES, GALLERY_FILTERS, PRODUCT_CATEGORIES } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { categoryLabel } from './stats';
import { US_STATES } from './us-states';

describe('lists', () => {
  it('offers every car category except Other as a gallery filter, after All Cars', () => {
    expect(GALLERY_FILTERS).toEqual(['All Cars', ...CAR_CATEGORIES.filter((category) => category !== 'Other')]);
  });

  it('has the product categories of the spec', () => {
    expect(PRODUCT_CATEGORIES).toEqual(['poster', 'canvas', 'framed', 'merchandise', 'apparel']);
  });

  it('lists 51 distinct two-letter state codes', () => {
    const codes = new Set(US_STATES.map((state) => state.code));
    expect(codes.size).toBe(51);
    expect([...codes].every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });
});

describe('messages that depend on a limit', () => {
  it('say the same number as the rule', () => {
    expect(LIMITS.newPasswordMin).toBe(8);
    expect(MESSAGES.validation.newPasswordMin).toBe('Your new password must be at least 8 characters long');
    expect(MESSAGES.validation.usernameMin).toBe('Username must be at least 3 characters');
    expect(MESSAGES.validation.registerPasswordMin).toBe('Password must be at least 6 characters');
  });

  it('fill their placeholders', () => {
    expect(MESSAGES.carCard.rankBadge(2)).toBe('#2 This Month');
    expect(MESSAGES.admin.cancelOrderConfirm(42)).toBe(
      'Are you sure you want to cancel order #42? This action cannot be undone.',
    );
    expect(MESSAGES.merch.added(2, 'Sticker')).toEqual({
      title: 'Added to cart',
      message: '2 x Sticker added to your cart',
    });
    expect(MESSAGES.auth.registrationSuccess('Ada').message).toBe('Welcome to Curbside, Ada!');
  });

  it('label a missing category Uncategorized', () => {
    expect(categoryLabel(null)).toBe('Uncategorized');
    expect(categoryLabel('JDM')).toBe('JDM');
  });
});
