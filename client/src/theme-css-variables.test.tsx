import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { theme } from './theme';
import { ThemeCssVariables } from './theme-css-variables';

// The theme's CSS variables are made once instead of by Mantine's provider on every render: the page must get the same
// <style> Mantine writes, or colours, sizes and fonts would differ from the theme.

const styleOf = (markup: string) => /<style data-mantine-styles="true">[\s\S]*?<\/style>/.exec(markup)?.[0];

describe('the theme CSS variables made once', () => {
  it("are Mantine's own <style> for the theme", () => {
    const mantines = styleOf(renderToStaticMarkup(<MantineProvider theme={theme} defaultColorScheme="auto" />));
    expect(mantines).toContain('--mantine-primary-color-filled');
    expect(renderToStaticMarkup(<ThemeCssVariables />)).toBe(mantines);
  });

  it('are written once per page by the providers', () => {
    const markup = renderToStaticMarkup(
      <AppProviders queryClient={undefined as never} trpcClient={undefined as never}>
        {null}
      </AppProviders>,
    );
    expect(markup.match(/<style data-mantine-styles="true">/g)).toHaveLength(1);
    expect(styleOf(markup)).toBe(renderToStaticMarkup(<ThemeCssVariables />));
  });
});
