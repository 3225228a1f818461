import { EARLY_CLICKS_SCRIPT, SPECULATION_RULES } from '@curbside/shared';
import { describe, expect, it } from 'vitest';
import { ISLANDS_ENTRY, islandsHead, renderedPage, sharedByAll, splitHoisted } from './page-render';

// How a rendered page is put into index.html: what the browser needs first (styles, the main photo's preload) in the
// head, the markup and its data in #root. The server-rendering integration test checks the same on the real build.

const INDEX_HTML = [
  '<!doctype html><html><head><title>Curbside</title>',
  '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-b2.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const STYLESHEETS: Record<string, string> = {
  'assets/index-b2.css': 'body{margin:0}',
  'assets/CarDetailPage-c3.css': '.m_card{padding:1rem}',
  'assets/odd-d4.css': 'a::after{content:"</style>"}',
};
const read = (file: string) => STYLESHEETS[file] ?? '';

describe('renderedPage', () => {
  it("inlines the entry's and the page's styles, puts the hoisted preload before the scripts and fills #root", () => {
    const preload = '<link rel="preload" as="image" href="/uploads/car.jpg" fetchpriority="high"/>';
    const html = renderedPage(
      INDEX_HTML,
      {
        hoisted: preload,
        body: '<main><h1>Mazda RX-7</h1></main>',
        stateScript: '<script type="application/json">{}</script>',
      },
      { files: ['assets/CarDetailPage-c3.css'], css: [read('assets/CarDetailPage-c3.css')] },
      read,
    );
    expect(html).toBe(
      [
        '<!doctype html><html><head><title>Curbside</title>',
        `${preload}\n    <script type="module" crossorigin src="/assets/index-a1.js"></script>`,
        '<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-b2.css" disabled>',
        '  <style>.m_card{padding:1rem}</style><link rel="stylesheet" crossorigin href="/assets/CarDetailPage-c3.css" disabled>',
        '  </head><body><div id="root"><main><h1>Mazda RX-7</h1></main></div><script type="application/json">{}</script></body></html>',
      ].join('\n'),
    );
  });

  it('keeps a stylesheet whose text could close the style element as a link', () => {
    const html = renderedPage(
      INDEX_HTML,
      { hoisted: '', body: '', stateScript: '' },
      { files: ['assets/odd-d4.css'], css: [read('assets/odd-d4.css')] },
      read,
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/odd-d4.css">\n  </head>');
    expect(html).not.toContain('content:"</style>"');
  });
});

describe('the head of a rendered page', () => {
  // index.html as the build makes it (client/vite.config.ts): the scheme's script, the charset and viewport metas, the
  // headings face's preload, the rest of the head, then the app's script and its module preloads.
  const BUILT_INDEX_HTML = [
    '<!doctype html><html><head>',
    '<script>/* scheme */</script>',
    '<meta charset="UTF-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0" />',
    '<link rel="preload" href="/assets/barlow-h1.woff2" as="font" type="font/woff2" crossorigin>',
    '<title>Curbside</title>',
    '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/Box-e5.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-b2.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');
  const photo =
    '<link rel="preload" as="image" imageSrcSet="/a-w800.webp 800w, /a-w1600.webp 1600w" imageSizes="(max-width: 48em) 100vw, 50vw" fetchPriority="high"/>';
  /** Where each of the head's elements is, in order. */
  const headOrder = (html: string) => {
    const head = html.slice(0, html.indexOf('</head>'));
    const at = (part: string) => {
      const index = head.indexOf(part);
      expect(index, part).toBeGreaterThanOrEqual(0);
      return index;
    };
    return {
      charset: at('<meta charset'),
      viewport: at('<meta name="viewport"'),
      photo: at(photo),
      font: at('as="font"'),
      scripts: Math.min(at('<script type="module"'), at('<link rel="modulepreload"')),
    };
  };

  it('has the charset first, then the viewport, and only then the photo’s preload, ahead of the scripts', () => {
    const html = renderedPage(
      BUILT_INDEX_HTML,
      { hoisted: photo, body: '<main></main>', stateScript: '' },
      { files: [], css: [] },
      read,
    );
    const order = headOrder(html);
    // Before the viewport meta, a phone's preload scanner takes 100vw as 980 px and fetches the wider copy.
    expect(order.charset).toBeLessThan(order.viewport);
    expect(order.viewport).toBeLessThan(order.photo);
    expect(order.photo).toBeLessThan(order.scripts);
    expect(order.font).toBeLessThan(order.scripts);
    expect(order.charset).toBeLessThan(1024);
  });

  it('on an islands page too, with the islands’ scripts after the photo and the font', () => {
    const islands = islandsHead({
      [ISLANDS_ENTRY]: { file: 'assets/islands-f6.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-g7.js' },
    });
    const html = renderedPage(
      BUILT_INDEX_HTML,
      { hoisted: photo, body: '<main></main>', stateScript: '', islands },
      { files: [], css: [] },
      read,
    );
    expect(html).not.toContain('index-a1.js');
    const order = headOrder(html);
    expect(order.viewport).toBeLessThan(order.photo);
    expect(order.photo).toBeLessThan(order.scripts);
    expect(order.font).toBeLessThan(order.scripts);
    expect(html.indexOf('islands-f6.js')).toBeGreaterThan(order.font);
  });
});

describe('a page sent as islands', () => {
  it("has the islands' scripts instead of the app's script and preloads", () => {
    const index = INDEX_HTML.replace(
      '</script>\n',
      '</script>\n<link rel="modulepreload" crossorigin href="/assets/Box-e5.js">\n',
    );
    const islands = islandsHead({
      [ISLANDS_ENTRY]: { file: 'assets/islands-f6.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-g7.js', imports: [ISLANDS_ENTRY] },
    });
    expect(islands).toBe(
      [
        `<script>${EARLY_CLICKS_SCRIPT}</script>`,
        '<script type="module" crossorigin src="/assets/islands-f6.js"></script>',
        '<link rel="modulepreload" crossorigin href="/assets/shared-g7.js">',
        `<script type="speculationrules">${SPECULATION_RULES}</script>`,
      ].join('\n    '),
    );
    const html = renderedPage(
      index,
      { hoisted: '', body: '<main></main>', stateScript: '', islands },
      { files: [], css: [] },
      read,
    );
    expect(html).not.toContain('index-a1.js');
    expect(html).not.toContain('Box-e5.js');
    expect(html).toContain(`<title>Curbside</title>\n${islands}\n    <style>body{margin:0}</style>`);
    expect(html).toContain('<div id="root"><main></main></div></body>');
  });

  it('is not made without the islands’ script in the build', () => {
    expect(islandsHead({ 'index.html': { file: 'assets/index-a1.js', isEntry: true } })).toBeNull();
  });
});

describe('splitHoisted', () => {
  it('takes the links React put before the markup, and only those', () => {
    expect(splitHoisted('<link rel="preload" href="/a.jpg"/><main><link rel="x"/></main>')).toEqual({
      hoisted: '<link rel="preload" href="/a.jpg"/>',
      body: '<main><link rel="x"/></main>',
    });
  });
});

describe('sharedByAll', () => {
  it('joins the tags and keeps the earliest expiry; one response of the viewer’s own makes the page theirs', () => {
    expect(
      sharedByAll([
        { tags: ['car:1', 'leaderboard'], expiresAt: 9 },
        { tags: ['car:1'], expiresAt: 5 },
      ]),
    ).toEqual({
      tags: ['car:1', 'leaderboard'],
      expiresAt: 5,
    });
    expect(sharedByAll([{ tags: [], expiresAt: 9 }, null])).toBeNull();
  });
});
