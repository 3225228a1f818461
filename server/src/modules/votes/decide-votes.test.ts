import { describe, expect, it } from 'vitest';
import { decideVotes } from './votes.service';

const at = (iso: string) => new Date(iso);
const vote = (carId: number, ipHash: string, when = '2026-11-23T12:00:00.000Z') => ({ carId, ipHash, at: at(when) });

describe('decideVotes (one batch, in arrival order)', () => {
  it('counts a first vote, refuses a repeat inside 24 hours, and counts again after them', () => {
    const onRecord = new Map([
      ['1|recent', at('2026-11-23T00:00:00.000Z')],
      ['1|expired', at('2026-11-22T11:59:59.999Z')],
    ]);
    expect(decideVotes([vote(1, 'new'), vote(1, 'recent'), vote(1, 'expired')], new Set([1]), onRecord)).toEqual([
      { status: 'counted' },
      { status: 'refused', lastVotedAt: at('2026-11-23T00:00:00.000Z') },
      { status: 'counted' },
    ]);
  });

  it('refuses the second of two votes by one visitor for one car in the same batch, not for another car', () => {
    const decisions = decideVotes([vote(1, 'a'), vote(1, 'a'), vote(2, 'a'), vote(1, 'b')], new Set([1, 2]), new Map());
    expect(decisions.map((d) => d.status)).toEqual(['counted', 'refused', 'counted', 'counted']);
  });

  it('reports a car that does not exist', () => {
    expect(decideVotes([vote(9, 'a')], new Set([1]), new Map())).toEqual([{ status: 'missing' }]);
  });
});
