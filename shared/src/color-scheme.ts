/**
 * The light or dark scheme, chosen before the page is drawn: a visitor's own choice (the header's switch: light, dark,
 * or the same as their system's, kept by Mantine's colour-scheme manager under its default key), else — for a new
 * visitor, or one who chose "system" — their system's preference. Run as an inline script in the HTML head
 * (client/vite.config.ts puts it there), before any markup is painted, so a page rendered on the server is drawn in the
 * right scheme from its first frame; the Content-Security-Policy allows this one script by its hash
 * (server/src/plugins/security.ts). What Mantine's ColorSchemeScript does with defaultColorScheme "auto", which cannot
 * be used here: index.html is not rendered by React. It also names the choice on <html> (COLOR_SCHEME_CHOICE_ATTRIBUTE),
 * so the switch's icon, picked by CSS, shows it before the app's code has run.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

/** The visitor's choice of scheme: 'auto' follows their system's preference (the default). */
export type ColorSchemeChoice = 'light' | 'dark' | 'auto';

/** The attribute of <html> that holds the visitor's ColorSchemeChoice. */
export const COLOR_SCHEME_CHOICE_ATTRIBUTE = 'data-scheme-choice';

export const COLOR_SCHEME_SCRIPT =
  `(function(){var s,d=document.documentElement;try{s=localStorage.getItem("${COLOR_SCHEME_STORAGE_KEY}")}catch(e){}` +
  `if(s!=="light"&&s!=="dark")s="auto";d.setAttribute("${COLOR_SCHEME_CHOICE_ATTRIBUTE}",s);` +
  `d.setAttribute("data-mantine-color-scheme",s!=="auto"?s:` +
  `matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light")})()`;

/**
 * The choice after `choice`, in a cycle whose every step but the last changes what the page looks like: from the
 * system's scheme to the other one, then to the system's (now kept whatever the system does), then back to following
 * the system. The header's switch, in the app (client/src/components/SchemeSwitch.tsx) and on an islands page
 * (client/src/islands/header.ts).
 */
export function nextChoice(choice: ColorSchemeChoice, system: 'light' | 'dark'): ColorSchemeChoice {
  if (choice === 'auto') return system === 'dark' ? 'light' : 'dark';
  return choice === system ? 'auto' : system;
}

/** A stored or attribute value as a choice: anything but light or dark is "same as system". */
export const asSchemeChoice = (value: string | null | undefined): ColorSchemeChoice =>
  value === 'light' || value === 'dark' ? value : 'auto';
