import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import {
  ALL_CARS_FILTER,
  CAR_CARD_IMAGE_SIZES,
  CAR_CARD_MESSAGES,
  type Car,
  FETCH_ERROR_MESSAGES,
  GALLERY_FILTERS,
  type GalleryFilter,
  LIMITS,
  MESSAGES,
} from '@curbside/shared';
import {
  ActionIcon,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { BannerAd } from '../components/ads/BannerAd';
import { CarCard } from '../components/cars/CarCard';
import { PLACEHOLDER_IMAGE } from '../components/cars/CarImage';
import { HydrationUnit } from '../components/HydrationUnit';
import { SearchIcon } from '../components/icons';
import { LoadError } from '../components/LoadError';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useIslands } from '../islands/context';
import { type GalleryMoreIslandProps, galleryCardTexts, islandLink, islandProps } from '../islands/props';
import { galleryNextCursor, galleryPageInput, gallerySearchInput } from '../landing-inputs';
import { useTRPC } from '../lib/trpc';
import { useKeptScroll } from './gallery/kept-scroll';
import { GALLERY_MAX_PAGES, type GalleryQuery, parseGalleryQuery, withGalleryQuery } from './gallery/query';

const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f'];
/** The id of the first card of the gallery's page `page` (2 and up), where Load More's address lands. */
const pageAnchor = (page: number) => `page-${page}`;
/**
 * The car a page sent as islands draws its template card from (islands/gallery-more.ts fills it in for each car it
 * fetches): one with votes this month, so the card has every part a card can have.
 */
const templateCar = (car: Car): Car => ({ ...car, lastMonthVotes: 2, totalVotes: 2 });
/** Three columns on large screens (the spec's), with room between the photos. */
const GRID = { cols: { base: 1, sm: 2, lg: 3 }, spacing: { base: 'lg', lg: 'xl' }, verticalSpacing: 'xl' } as const;

/**
 * The gallery (spec part 1 §2, §4): all cars newest first, 12 cards per page with Load More, each page asked of the
 * server by the cursor of the one before; a category asks the server for its cars and clears the search; a search
 * asks the server (a category then filters its results); every change of filter or search starts at page 1.
 * The category, the search and the pages shown live in the address (gallery/query.ts), so Back from a car,
 * a reload or a shared link shows the same list, at the same scroll position when coming back.
 */
export default function GalleryPage() {
  useDocumentTitle('Gallery');
  const trpc = useTRPC();
  const [path, navigate] = useLocation();
  const address = useSearch();
  const query = useMemo(() => parseGalleryQuery(address), [address]);
  const { category: filter, pages } = query;
  // The search box's text; the address follows it once typing pauses.
  const [search, setSearch] = useState(query.q);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);

  // Each change replaces the address (Load More is not a step Back should undo), keeping the history entry's state:
  // it holds the scroll position to come back to.
  const show = (next: GalleryQuery) => {
    const nextSearch = withGalleryQuery(window.location.search, next);
    if (nextSearch === window.location.search.slice(1)) return;
    navigate(nextSearch ? `${path}?${nextSearch}` : path, { replace: true, state: window.history.state });
  };

  // The address changed from outside (the Gallery link while on the gallery): the box shows its search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => {
    if (query.q !== debouncedSearch) setSearch(query.q);
  }, [query.q]);
  // Typing paused: the address (and so the list) takes the search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the typed text only
  useEffect(() => {
    if (debouncedSearch !== query.q) {
      show({ category: debouncedSearch ? ALL_CARS_FILTER : filter, q: debouncedSearch, pages: 1 });
    }
  }, [debouncedSearch]);

  // The list, a page at a time by cursor (keyset pagination), of the chosen category: read even while searching, so
  // clearing the search shows it at once.
  const all = useInfiniteQuery(
    trpc.cars.page.infiniteQueryOptions(galleryPageInput(filter), { getNextPageParam: galleryNextCursor }),
  );
  const searching = query.q.length > 0;
  // Pages shown beyond what an address keeps (GALLERY_MAX_PAGES): Load More goes on in memory.
  const [beyond, setBeyond] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts at its first pages
  useEffect(() => setBeyond(0), [filter, query.q]);
  const shownPages = pages + beyond;
  // The results of the pages shown (and one more); Load More asks again for more, showing the ones it has meanwhile.
  const results = useQuery({
    ...trpc.cars.search.queryOptions(gallerySearchInput(query.q, filter, shownPages)),
    enabled: searching,
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[1] as { input?: { q?: string } } | undefined)?.input?.q === query.q
        ? keepPreviousData(previous)
        : undefined,
  });
  const source = searching ? results : all;

  const cars = useMemo(() => {
    if (!searching) return all.data?.pages.flatMap((page) => page.items) ?? [];
    const list = results.data ?? [];
    return filter === ALL_CARS_FILTER ? list : list.filter((car) => car.category === filter);
  }, [searching, all.data, results.data, filter]);
  const visible = cars.slice(0, shownPages * LIMITS.galleryPageSize);
  const more = visible.length < cars.length || (searching ? results.isPlaceholderData : all.hasNextPage);
  // The address (or Load More) asks for more pages than are loaded: the next one, by the cursor of the last.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = all;
  const loadedPages = all.data?.pages.length ?? 0;
  useEffect(() => {
    if (!searching && loadedPages > 0 && loadedPages < shownPages && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [searching, loadedPages, shownPages, hasNextPage, isFetchingNextPage, fetchNextPage]);
  useKeptScroll(!source.isPending);

  const loadMore = () => {
    if (pages < GALLERY_MAX_PAGES) show({ ...query, pages: pages + 1 });
    else setBeyond((count) => count + 1);
  };

  const chooseFilter = (next: GalleryFilter) => {
    setSearch('');
    show({ category: next, q: '', pages: 1 });
  };
  const changeSearch = (text: string) => {
    setSearch(text);
    show({ ...query, category: text.trim() ? ALL_CARS_FILTER : filter, pages: 1 });
  };

  // On a page sent as islands (islands/main.ts), each control names the address of what it shows, which the server
  // renders: a filter and Load More load it (islands/navigate.ts), the search is a form sent by Enter or its button
  // (islands/gallery-search.ts), and Load More past the pages an address shows fetches the next page into the list
  // (islands/gallery-more.ts). Only in the server's render: the app's chunk does not carry it.
  const islandsPage = useIslands();
  const islands = import.meta.env.SSR && islandsPage;
  const hrefOf = (next: GalleryQuery, fragment = '') => {
    const search = withGalleryQuery('', next);
    return `${path}${search ? `?${search}` : ''}${fragment}`;
  };
  const lastPage = all.data?.pages.at(-1);
  const beyondIsland = islands && !searching && pages >= GALLERY_MAX_PAGES && lastPage?.nextCursor;
  const searchBox = (
    <TextInput
      type="search"
      aria-label="Search cars"
      placeholder={MESSAGES.gallery.searchPlaceholder}
      value={search}
      onChange={(event) => changeSearch(event.currentTarget.value)}
      maw={480}
      {...(islands
        ? {
            name: 'q',
            enterKeyHint: 'search',
            rightSectionPointerEvents: 'all',
            rightSection: (
              <ActionIcon type="submit" variant="subtle" color="gray" aria-label={MESSAGES.gallery.searchButton}>
                <SearchIcon size={18} />
              </ActionIcon>
            ),
          }
        : undefined)}
    />
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>Car Gallery</Title>
        <HydrationUnit defer>
          <Group gap="xs" role="group" aria-label="Filter by category" data-island={islands ? 'navigate' : undefined}>
            {GALLERY_FILTERS.map((name) => (
              <Button
                key={name}
                size="xs"
                variant={filter === name ? 'filled' : 'default'}
                aria-pressed={filter === name}
                onClick={() => chooseFilter(name)}
                {...(islands ? islandLink(hrefOf({ category: name, q: '', pages: 1 })) : undefined)}
              >
                {name}
              </Button>
            ))}
          </Group>
        </HydrationUnit>
        {islands ? (
          <search>
            <form method="get" action={path} data-island="gallery-search">
              {searchBox}
            </form>
          </search>
        ) : (
          searchBox
        )}
        <HydrationUnit defer>
          {source.isPending ? (
            <SimpleGrid {...GRID}>
              {SKELETONS.map((key) => (
                <Skeleton key={key} height={300} radius="md" />
              ))}
            </SimpleGrid>
          ) : source.isError ? (
            <LoadError message={MESSAGES.gallery.loadError} query={source} />
          ) : visible.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {MESSAGES.gallery.empty}
            </Text>
          ) : (
            <>
              <SimpleGrid {...GRID}>
                {visible.map((car, i) => (
                  <CarCard
                    key={car.id}
                    car={car}
                    variant="compact"
                    titleOrder={2}
                    eager={i < 3}
                    priority={i === 0}
                    // The first card of each page after the first: where Load More's address lands.
                    id={
                      islands && i > 0 && i % LIMITS.galleryPageSize === 0
                        ? pageAnchor(i / LIMITS.galleryPageSize + 1)
                        : undefined
                    }
                  />
                ))}
              </SimpleGrid>
              {more ? (
                <Group
                  justify="center"
                  {...(beyondIsland
                    ? {
                        'data-island': 'gallery-more',
                        ...islandProps({
                          next: { ...galleryPageInput(filter), cursor: beyondIsland },
                          imageSizes: CAR_CARD_IMAGE_SIZES,
                          placeholder: PLACEHOLDER_IMAGE,
                          failed: { title: FETCH_ERROR_MESSAGES.cars, message: MESSAGES.gallery.loadError },
                          texts: galleryCardTexts(CAR_CARD_MESSAGES),
                        } satisfies GalleryMoreIslandProps),
                      }
                    : islands
                      ? { 'data-island': 'navigate' }
                      : undefined)}
                >
                  <Button
                    variant="outline"
                    loading={isFetchingNextPage}
                    onClick={loadMore}
                    {...(beyondIsland
                      ? { 'data-island-action': 'gallery-more' }
                      : islands
                        ? islandLink(hrefOf({ ...query, pages: pages + 1 }, `#${pageAnchor(pages + 1)}`))
                        : undefined)}
                  >
                    Load More
                  </Button>
                  {/* One card's markup, for the islands' script to draw each card it fetches. */}
                  {beyondIsland && visible[0] ? (
                    <template data-island-template="car-card">
                      <CarCard car={templateCar(visible[0])} variant="compact" titleOrder={2} />
                    </template>
                  ) : null}
                </Group>
              ) : null}
            </>
          )}
        </HydrationUnit>
        {/* After the cars, not between the title and the filters: the advertisement does not split the search. */}
        <BannerAd />
      </Stack>
    </Container>
  );
}
