/**
 * The light or dark scheme, chosen before the page is drawn: a visitor's own choice (the header's switch, kept by
 * Mantine's colour-scheme manager under its default key), else their system's preference. Run as an inline script in
 * the HTML head (client/vite.config.ts puts it there), before any markup is painted, so a page rendered on the server
 * is drawn in the right scheme from its first frame; the Content-Security-Policy allows this one script by its hash
 * (server/src/plugins/security.ts). What Mantine's ColorSchemeScript does with defaultColorScheme "auto", which cannot
 * be used here: index.html is not rendered by React.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

export const COLOR_SCHEME_SCRIPT =
  `(function(){var s;try{s=localStorage.getItem("${COLOR_SCHEME_STORAGE_KEY}")}catch(e){}` +
  `document.documentElement.setAttribute("data-mantine-color-scheme",s==="light"||s==="dark"?s:` +
  `matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light")})()`;
