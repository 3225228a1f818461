import { CAR_CARD_MESSAGES, VIEWER_VOTES_ELEMENT_ID, VOTE_MESSAGES } from '@curbside/shared';
import { celebrate } from '../components/cars/celebrate';
import { forgetMeetCardVisit, meetCardAttribution, rememberMeetCardVisit } from '../lib/meet-card-visit';
import { readIslandProps, type VoteIslandProps } from './props';
import { showToast } from './toast';

// A car's Vote button on an islands page (main.ts): what the app's VoteButton does for a signed-out visitor, on the
// server's markup, through the same procedure (votes.cast, as the app's tRPC client sends it: POST, JSON). A visitor
// votes without an account (one vote per car a day, by address); a page opened from a meet card's QR code says so
// with the vote (lib/meet-card-visit.ts).

/** Whether the server marked this car as voted for by this visitor (server/src/plugins/viewer-votes.ts). */
function markedVoted(carId: number): boolean {
  try {
    const ids: unknown = JSON.parse(document.getElementById(VIEWER_VOTES_ELEMENT_ID)?.textContent || '[]');
    return Array.isArray(ids) && ids.includes(carId);
  } catch {
    return false;
  }
}

/** Wakes the vote bar `root`: its button votes, then shows "Already Voted" (the server's template) in its place. */
export function wakeVote(root: HTMLElement): void {
  const props = readIslandProps<VoteIslandProps>(root);
  const { carId, slug } = props;
  const button = root.querySelector<HTMLButtonElement>('[data-island-action="vote"]');
  const voted = root.querySelector<HTMLTemplateElement>('template[data-island-template="voted"]');
  if (carId === undefined || slug === undefined || !button || !voted) return;
  // Opened from a meet card's QR code: remember it for the vote and clean the address.
  rememberMeetCardVisit();
  let hasVoted = Boolean(props.hasVoted);
  const showVoted = (totals?: { totalVotes: number; lastMonthVotes: number }) => {
    hasVoted = true;
    const shown = root.querySelector('[data-island-action="vote"]')?.parentElement;
    shown?.replaceWith(voted.content.cloneNode(true));
    root.setAttribute('data-voted', 'true');
    const count = document.querySelector('[data-island-part="car-votes"]');
    if (totals && count) {
      const votes = totals.lastMonthVotes || totals.totalVotes || 0;
      count.textContent = `♥ ${CAR_CARD_MESSAGES.votesLine(votes, totals.lastMonthVotes ? 'month' : 'all')}`;
    }
  };
  if (markedVoted(carId)) showVoted();
  let busy = false;
  button.addEventListener('click', async () => {
    if (busy) return;
    if (hasVoted) {
      showToast(VOTE_MESSAGES.alreadyVoted);
      return;
    }
    busy = true;
    button.disabled = true;
    button.setAttribute('data-loading', 'true');
    let answer: { status: number; body: VoteAnswer | null } | null = null;
    try {
      const response = await fetch('/trpc/votes.cast', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        // A page opened from a meet card's QR code: the vote says so.
        body: JSON.stringify({ carId, ...meetCardAttribution(slug) }),
      });
      answer = { status: response.status, body: (await response.json().catch(() => null)) as VoteAnswer | null };
    } catch {
      answer = null; // no answer (offline)
    }
    busy = false;
    button.disabled = false;
    button.removeAttribute('data-loading');
    const totals = answer?.body?.result?.data;
    if (answer && answer.status < 300 && totals) {
      forgetMeetCardVisit(slug);
      showVoted(totals);
      showToast(VOTE_MESSAGES.recorded);
      void celebrate();
      return;
    }
    const code = answer?.body?.error?.data?.code;
    if (code === 'TOO_MANY_REQUESTS') {
      forgetMeetCardVisit(slug);
      showVoted();
    }
    // The card's event is not running: the next vote counts without it.
    if (code === 'BAD_REQUEST') forgetMeetCardVisit(slug);
    // The server's message when it gives one (as the app shows it), else the toast's own text.
    const message = (code && answer?.body?.error?.message) || VOTE_MESSAGES.failed.message;
    showToast(VOTE_MESSAGES.failed, { failure: true, message });
  });
}

/** votes.cast's answer, as tRPC sends it. */
interface VoteAnswer {
  result?: { data?: { totalVotes: number; lastMonthVotes: number } };
  error?: { message?: string; data?: { code?: string } };
}
