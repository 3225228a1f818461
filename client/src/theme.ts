import { createTheme, type MantineColorsTuple, Title } from '@mantine/core';

// A dark, automotive look: near-black surfaces, a tail-light red accent, condensed bold headings.
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

export const theme = createTheme({
  primaryColor: 'tailLight',
  primaryShade: { light: 7, dark: 6 },
  colors: { tailLight },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      '"Barlow Condensed", "Arial Narrow", Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    fontWeight: '800',
  },
  cursorType: 'pointer',
  components: {
    // Headings in full white; body text keeps Mantine's softer dark-scheme grey.
    Title: Title.extend({ defaultProps: { c: 'white' } }),
  },
});
