import { describe, expect, it } from 'vitest';
import { shareDescription, truncateStory } from './text';

describe('truncateStory', () => {
  it('keeps a story of exactly 100 characters whole', () => {
    const story = 'x'.repeat(100);
    expect(truncateStory(story)).toBe(story);
  });

  it('cuts a 101-character story to 100 plus "..."', () => {
    expect(truncateStory(`${'x'.repeat(100)}y`)).toBe(`${'x'.repeat(100)}...`);
  });

  it('gives "" for no story', () => {
    expect(truncateStory(null)).toBe('');
    expect(truncateStory(undefined)).toBe('');
  });

  it('does not split an emoji at the cut', () => {
    const story = `${'x'.repeat(99)}🚗 and more`;
    expect(truncateStory(story)).toBe(`${'x'.repeat(99)}...`);
  });
});

describe('shareDescription', () => {
  it('keeps a story of exactly 160 characters whole', () => {
    const story = 'y'.repeat(160);
    expect(shareDescription(story)).toBe(story);
  });

  it('cuts a 161-character story to its first 157 plus "…"', () => {
    const result = shareDescription(`${'a'.repeat(157)}bcde`);
    expect(result).toBe(`${'a'.repeat(157)}…`);
    expect(result).toHaveLength(158);
  });

  it('gives "" for no story', () => {
    expect(shareDescription(null)).toBe('');
  });
});
