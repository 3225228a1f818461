import { CAR_CARD_IMAGE_SIZES, CAR_CARD_MESSAGES, type Car } from '@curbside/shared';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CarCard } from '../components/cars/CarCard';
import { PLACEHOLDER_IMAGE } from '../components/cars/CarImage';
import { makeCarDto } from '../components/cars/showcase-fixtures';
import { fillCard, wakeGalleryMore } from './gallery-more';
import { type GalleryMoreIslandProps, galleryCardTexts, islandProps } from './props';

// The gallery's Load More past the pages an address shows, on an islands page: the cards it draws from the server's
// template must be the cards the app draws (CarCard), or a visitor would see the list change its look part-way down.

const PROPS: GalleryMoreIslandProps = {
  next: { limit: 12, cursor: 'c1' },
  imageSizes: CAR_CARD_IMAGE_SIZES,
  placeholder: PLACEHOLDER_IMAGE,
  failed: { title: 'Failed to fetch cars', message: 'There was an error loading the gallery.' },
  texts: galleryCardTexts(CAR_CARD_MESSAGES),
};

/** The gallery's card of `car` as the app renders it (no eager photo: past the first row). */
function appCard(car: Car): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = renderToStaticMarkup(
    <MantineProvider>
      <CarCard car={car} variant="compact" titleOrder={2} />
    </MantineProvider>,
  );
  const card = holder.querySelector<HTMLElement>('[data-testid="car-card"]');
  if (!card) throw new Error('no card rendered');
  return card;
}

/** The server's template: a card drawn for a car with votes this month (GalleryPage's templateCar). */
function templateOf(car: Car): HTMLTemplateElement {
  const template = document.createElement('template');
  template.content.append(appCard({ ...car, lastMonthVotes: 2, totalVotes: 2 }));
  return template;
}

/** An element's tag, attributes (in any order) and children, text merged: what a visitor's browser makes of it. */
function shape(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const copy = node.cloneNode(true) as Element;
  copy.normalize();
  return {
    tag: copy.tagName,
    attributes: Object.fromEntries(
      Array.from(copy.attributes)
        .map((attribute) => [attribute.name, attribute.value])
        .sort(([a = ''], [b = '']) => a.localeCompare(b)),
    ),
    children: Array.from(copy.childNodes)
      .filter((child) => child.nodeType !== Node.COMMENT_NODE)
      .map(shape),
  };
}

const base = makeCarDto(1, { make: 'Honda', model: 'NSX' });
const variants: [string, Car][] = [
  ['votes this month', makeCarDto(2, { make: 'Ford', model: 'Mustang', lastMonthVotes: 7, totalVotes: 40 })],
  ['one vote', makeCarDto(3, { lastMonthVotes: 1, totalVotes: 1 })],
  ['all-time votes only', makeCarDto(4, { lastMonthVotes: 0, totalVotes: 9 })],
  ['no vote at all', makeCarDto(5, { lastMonthVotes: 0, totalVotes: 0 })],
  ['no owner and no category', makeCarDto(6, { ownerName: null, category: null })],
  [
    'a photo without variants',
    makeCarDto(7, {
      images: [{ ...(base.images[0] as Car['images'][number]), variants: undefined, url: '/api/file/cars/7/b.jpg' }],
    }),
  ],
  ['no photo', makeCarDto(8, { images: [] })],
];

describe('a card the islands draw past the pages an address shows', () => {
  it.each(variants)('is the app’s card: %s', (_name, car) => {
    const drawn = fillCard(templateOf(base), car, PROPS);
    expect(shape(drawn)).toEqual(shape(appCard(car)));
  });
});

describe('Load More past the pages an address shows', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  /** The gallery's list of `count` cards and its Load More island, as the server renders them. */
  function gallery(count: number) {
    const list = document.createElement('div');
    list.append(...Array.from({ length: count }, (_, i) => appCard(makeCarDto(100 + i))));
    const root = document.createElement('div');
    root.dataset.island = 'gallery-more';
    root.setAttribute('data-island-props', islandProps(PROPS)['data-island-props']);
    const button = document.createElement('button');
    button.dataset.islandAction = 'gallery-more';
    button.textContent = 'Load More';
    const template = templateOf(base);
    template.dataset.islandTemplate = 'car-card';
    root.append(button, template);
    document.body.append(list, root);
    wakeGalleryMore(root);
    return { list, root, button };
  }

  const page = (ids: number[], nextCursor: string | null) =>
    new Response(JSON.stringify({ result: { data: { items: ids.map((id) => makeCarDto(id)), nextCursor } } }));

  it('fetches each next page by the cursor of the one before, and goes once the last is in', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(page([1, 2], 'c2'))
      .mockResolvedValueOnce(page([3], null));
    vi.stubGlobal('fetch', fetch);
    const { list, root, button } = gallery(3);

    button.click();
    await vi.waitFor(() => expect(list.children).toHaveLength(5));
    expect(list.children[3]?.getAttribute('href')).toBe('/cars/car-1');
    expect(list.children[4]?.querySelector('h2')?.textContent).toBe('1999 Nissan Skyline 2');
    const asked = (call: number) =>
      JSON.parse(new URL(String(fetch.mock.calls[call]?.[0]), 'http://x').searchParams.get('input') ?? '');
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^\/trpc\/cars\.page\?input=/);
    expect(asked(0)).toEqual({ limit: 12, cursor: 'c1' });
    expect(root.isConnected).toBe(true);

    button.click();
    await vi.waitFor(() => expect(list.children).toHaveLength(6));
    expect(asked(1)).toEqual({ limit: 12, cursor: 'c2' });
    expect(root.isConnected).toBe(false);
  });

  it('says so when the page cannot be fetched, and stays to try again', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 500 })));
    const { list, button } = gallery(2);
    button.click();
    await vi.waitFor(() => expect(document.querySelector('[role="alert"]')?.textContent).toContain(PROPS.failed.title));
    expect(list.children).toHaveLength(2);
    expect(button.isConnected).toBe(true);
    expect(button.disabled).toBe(false);
  });
});
