import { createContext, useContext } from 'react';

/**
 * True while the server renders a page it sends as islands (entry-server.tsx, islands/main.ts): the page's
 * interactive parts then add what the islands' script needs and the app would render itself (the mobile menu's
 * markup, every featured car's slide, the newsletter form).
 */
export const IslandsContext = /* @__PURE__ */ createContext(false);

/**
 * Whether the page is rendered to be sent as islands: never in the browser's app, whose build leaves out what only an
 * islands page has (`import.meta.env.SSR && islands && …`).
 */
export const useIslands: () => boolean = import.meta.env.SSR ? () => useContext(IslandsContext) : () => false;
