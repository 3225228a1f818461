import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import { theme } from './theme';

// Mantine's provider writes the theme's CSS variables (colours, sizes, fonts: a <style> of about 10 KB) on every
// render: it resolves the whole theme into variables, drops those equal to its defaults and joins the rest, each time.
// The theme never changes, so the same text is made here once per process and the provider is told not to
// (providers.tsx, withCssVariables={false}). In a server render of the gallery it was 4-5 ms of CPU per page, a sixth
// of React's part (docs/performance.md). theme-css-variables.test.tsx holds the text equal to Mantine's own.

/** `input` without the variables Mantine's default theme gives the same value (as its provider leaves them out). */
function withoutDefaults(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const differing = (own: Record<string, string>, base: Record<string, string>) =>
    Object.fromEntries(Object.entries(own).filter(([key, value]) => base[key] !== value));
  return {
    variables: differing(input.variables, defaults.variables),
    light: differing(input.light, defaults.light),
    dark: differing(input.dark, defaults.dark),
  };
}

let css: string | undefined;

/** The theme's CSS variables as Mantine's provider writes them (for `:root` and `:host`), made once. */
export function themeCssVariables(): string {
  css ??= convertCssVariables(withoutDefaults(defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme))));
  return css;
}

/** The <style> Mantine's provider would render with the theme's CSS variables (MantineCssVariables), made once. */
export function ThemeCssVariables() {
  // The theme's own text (no visitor's), as Mantine writes it: a text child would be escaped (its font names' quotes).
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the stylesheet is made from the theme alone
  return <style data-mantine-styles dangerouslySetInnerHTML={{ __html: themeCssVariables() }} />;
}
