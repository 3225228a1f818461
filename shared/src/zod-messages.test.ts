import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VALIDATION_MESSAGES as V } from './messages/validation';
import { zodIssueMessage } from './zod-messages';

/** The message the server sends for `value` against `schema` (the map the server installs with z.config). */
const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value, { error: zodIssueMessage }).error?.issues[0]?.message;

describe('zodIssueMessage', () => {
  it('says a missing field is required and names the expected kind of a wrong one', () => {
    const schema = z.object({ name: z.string(), count: z.number().int(), ok: z.boolean() });
    expect(messageOf(schema, {})).toBe(V.required);
    expect(messageOf(schema, { name: 5, count: 1, ok: true })).toBe(V.mustBe('text'));
    expect(messageOf(schema, { name: 'a', count: '3', ok: true })).toBe(V.mustBe('a number'));
    expect(messageOf(schema, { name: 'a', count: 1.5, ok: true })).toBe(V.mustBe('a whole number'));
  });

  it('gives the limits of numbers, texts and lists', () => {
    expect(messageOf(z.number().max(100), 101)).toBe('Must be at most 100');
    expect(messageOf(z.number().min(1), 0)).toBe('Must be at least 1');
    expect(messageOf(z.number().positive(), 0)).toBe('Must be more than 0');
    expect(messageOf(z.string().max(5), 'toolong')).toBe('Must be at most 5 characters');
    expect(messageOf(z.string().min(1), '')).toBe(V.required);
    expect(messageOf(z.array(z.number()).max(2), [1, 2, 3])).toBe('Must be at most 2 items');
  });

  it('says which format is expected', () => {
    expect(messageOf(z.iso.date(), 'next friday')).toBe(V.dateFormat);
    expect(messageOf(z.iso.datetime(), '2026-12-31')).toBe(V.dateTimeFormat);
    expect(messageOf(z.email(), 'nope')).toBe(V.email);
    expect(messageOf(z.enum(['month', 'all']), 'week')).toBe('Must be one of: month, all');
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe('Unknown field: extra');
  });

  it("leaves a schema's own message alone", () => {
    expect(messageOf(z.string().min(3, 'Too short, friend'), 'a')).toBe('Too short, friend');
  });
});
