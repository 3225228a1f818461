import { VIEWER_VOTES_ELEMENT_ID } from '@curbside/shared';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { readViewerVotes, useShowsVoted } from './viewer-votes';

// A recent voter's kept page: markup rendered for a visitor who has not voted, data saying they did. Hydration adopts
// the markup as it is (no mismatch, which would throw the page away and render it again), then shows the vote.

function VoteLabel({ car }: { car: { id: number; hasVoted: boolean } }) {
  return <span>{useShowsVoted(car) ? 'Already Voted' : 'Vote for this Car'}</span>;
}

async function hydrate(html: string, car: { id: number; hasVoted: boolean }) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <VoteLabel car={car} />, { onRecoverableError: (error) => errors.push(error) });
  });
  return { text: container.textContent, errors };
}

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
afterEach(() => {
  document.body.innerHTML = '';
  readViewerVotes();
});

describe('the votes marked on a kept page', () => {
  const keptPage = renderToString(<VoteLabel car={{ id: 7, hasVoted: false }} />);

  it('hydrates the markup as rendered, then says "Already Voted" for a car the viewer voted for', async () => {
    document.body.innerHTML = `<script type="application/json" id="${VIEWER_VOTES_ELEMENT_ID}">[7]</script>`;
    readViewerVotes();
    expect(await hydrate(keptPage, { id: 7, hasVoted: true })).toEqual({ text: 'Already Voted', errors: [] });
  });

  it('without the list, the same page and data do not hydrate as rendered', async () => {
    readViewerVotes();
    const { errors } = await hydrate(keptPage, { id: 7, hasVoted: true });
    expect(errors.length).toBeGreaterThan(0);
  });

  it('leaves the cars the viewer did not vote for as they are', async () => {
    document.body.innerHTML = `<script type="application/json" id="${VIEWER_VOTES_ELEMENT_ID}">[7]</script>`;
    readViewerVotes();
    const other = renderToString(<VoteLabel car={{ id: 8, hasVoted: false }} />);
    expect(await hydrate(other, { id: 8, hasVoted: false })).toEqual({ text: 'Vote for this Car', errors: [] });
  });
});
