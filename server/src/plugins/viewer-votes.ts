import { VIEWER_VOTES_ELEMENT_ID } from '@curbside/shared';

// A kept page (client.ts) is rendered for a visitor who has not voted. A recent voter gets the same page with their
// votes marked instead of a page rendered for them: the cars on it they voted for say hasVoted in the data the browser
// hydrates, and are listed in a JSON element, so the browser hydrates the markup as it was rendered and shows the
// votes right after (client/src/lib/viewer-votes.ts). The server refuses a second vote in any case.

const STATE_OPEN = '<script type="application/json" id="server-state">';

/** An islands page (no query cache) gets the JSON element after #root, which its body closes last. */
const BODY_END = '</body>';
const ROOT_CLOSE = '</div>';

/**
 * `html` (a page the server rendered) with `carIds` voted for by its viewer: in the query cache it carries, every car
 * (an object with an `id` of theirs and a `hasVoted`) says hasVoted true, and the JSON element lists them. A page
 * without that cache (sent as islands: client/src/islands/vote.ts reads the element) gets the element alone.
 */
export function withViewerVotes(html: string, carIds: ReadonlySet<number>): string {
  if (carIds.size === 0) return html;
  const votes = `<script type="application/json" id="${VIEWER_VOTES_ELEMENT_ID}">${JSON.stringify([...carIds])}</script>`;
  const start = html.indexOf(STATE_OPEN);
  const end = start < 0 ? -1 : html.indexOf('</script>', start);
  if (start < 0 || end < 0) {
    // Right after #root (the last element the body closes), where the app's pages have their data.
    const rootEnd = html.lastIndexOf(ROOT_CLOSE, html.lastIndexOf(BODY_END));
    if (rootEnd < 0) return html;
    const at = rootEnd + ROOT_CLOSE.length;
    return `${html.slice(0, at)}${votes}${html.slice(at)}`;
  }
  const state = JSON.parse(html.slice(start + STATE_OPEN.length, end));
  markVoted(state, carIds);
  // Escaped as the server entry escapes it (entry-server.tsx), so no text in it can close the element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `${html.slice(0, start + STATE_OPEN.length)}${json}</script>${votes}${html.slice(end + '</script>'.length)}`;
}

function markVoted(value: unknown, carIds: ReadonlySet<number>): void {
  if (Array.isArray(value)) {
    for (const item of value) markVoted(item, carIds);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.id === 'number' && record.hasVoted === false && carIds.has(record.id)) record.hasVoted = true;
  for (const key in record) markVoted(record[key], carIds);
}
