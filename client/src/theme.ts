import { Anchor, createTheme, type MantineColorsTuple, Title } from '@mantine/core';

// An automotive look: near-black surfaces (or white ones, for a visitor whose system prefers light), a tail-light red
// accent, condensed bold headings.
const tailLight: MantineColorsTuple = [
  '#ffeaea',
  '#ffd3d3',
  '#fca5a5',
  '#f87575',
  '#f54c4c',
  '#f43232',
  '#f42323',
  '#d91717',
  '#c20f13',
  '#aa000c',
];

// Mantine's dark greys, but dark[2] (the dark scheme's `dimmed` text) lifted from #828282 to #a0a0a0: the default
// fails WCAG AA contrast (4.5:1) on the page (#242424) and on cards (#2e2e2e); #a0a0a0 gives 5.9:1 and 5.2:1.
const dark: MantineColorsTuple = [
  '#c9c9c9',
  '#b8b8b8',
  '#a0a0a0',
  '#696969',
  '#424242',
  '#3b3b3b',
  '#2e2e2e',
  '#242424',
  '#1f1f1f',
  '#141414',
];

// Colours that need no script (the secondary buttons' light variant) are in styles/theme.css.
export const theme = createTheme({
  primaryColor: 'tailLight',
  // Filled buttons use shade 7 in the dark scheme too: white on shade 6 (#f42323) is only 4.1:1, on #d91717 5.1:1.
  primaryShade: { light: 7, dark: 7 },
  // Filled badges and buttons in other colours (a yellow rank badge, a blue photo badge) get black or white text,
  // whichever contrasts more: at Mantine's crossover luminance (0.179) both give at least 4.5:1.
  autoContrast: true,
  luminanceThreshold: 0.179,
  colors: { tailLight, dark },
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Inter fallback", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      '"Barlow Condensed", "Arial Narrow", Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    fontWeight: '800',
  },
  cursorType: 'pointer',
  components: {
    // Headings in full white in the dark scheme, black in the light one; body text keeps Mantine's softer colours.
    Title: Title.extend({ defaultProps: { c: 'bright' } }),
    // Links in --mantine-color-anchor, set per scheme in styles/theme.css (Mantine's default, said here too: named in
    // the theme, Anchor stays in the entry chunk with the shell; in a chunk of its own it adds 0.3 KB to a first visit).
    Anchor: Anchor.extend({ defaultProps: { c: 'var(--mantine-color-anchor)' } }),
    // Mantine's modal close button is an icon without a name. A plain object, so Modal stays out of the main chunk.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});
