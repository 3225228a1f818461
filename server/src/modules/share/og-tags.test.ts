import { describe, expect, it } from 'vitest';
import { withHeadTags, withPreviewTags } from './og-tags';

// The car page's HTML is index.html with the car's tags in its head; the tags carry the car's story (escaped).

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Curbside</title>
    <meta name="description" content="Street-car culture." />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('withPreviewTags', () => {
  // Regression: String.replace read `$'` in a story as "the text after </head>", copying the page's body (a second
  // #root) into the head and cutting the description short.
  it("puts a story with $' $` $& into the head as it is, and the page keeps one body", () => {
    const story = "Paid $' for it, $` for the tyres and $& for $$ gas";
    const tag = `<meta property="og:description" content="${story}" />`;
    const html = withPreviewTags(INDEX_HTML, tag);
    expect(html).toContain(`${tag}\n  </head>`);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html).not.toContain('<title>Curbside</title>');
  });

  it('adds tags to the head of the home page the same way', () => {
    const tag = '<link rel="preload" as="image" href="/api/file/a$\'b.webp" />';
    const html = withHeadTags(INDEX_HTML, tag);
    expect(html.indexOf(tag)).toBeGreaterThan(0);
    expect(html.indexOf(tag)).toBeLessThan(html.indexOf('</head>'));
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });
});
