/**
 * The id of the `<script type="application/json">` element in which the server sends the query cache a page was
 * rendered from (data, not script: the Content-Security-Policy allows no inline script). The server writes it
 * (server/src/plugins/page-render.ts), main.tsx reads it.
 */
export const SERVER_STATE_ELEMENT_ID = 'server-state';
