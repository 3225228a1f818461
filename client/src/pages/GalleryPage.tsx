import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { ALL_CARS_FILTER, GALLERY_FILTERS, type GalleryFilter, LIMITS, MESSAGES } from '@curbside/shared';
import { Button, Container, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BannerAd } from '../components/ads/BannerAd';
import { CarCard } from '../components/cars/CarCard';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { LANDING_INPUTS } from '../landing';
import { useTRPC } from '../lib/trpc';

const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f'];

/**
 * The gallery (spec part 1 §2, §4): all cars newest first; a category filters the loaded list and clears the search;
 * a search asks the server; 12 cards per page with Load More; every change of filter or search starts at page 1.
 */
export default function GalleryPage() {
  useDocumentTitle('Gallery');
  const trpc = useTRPC();
  const [filter, setFilter] = useState<GalleryFilter>(ALL_CARS_FILTER);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [pages, setPages] = useState(1);

  const all = useQuery(trpc.cars.list.queryOptions(LANDING_INPUTS.gallery));
  const searching = debouncedSearch.length > 0;
  const results = useQuery({
    ...trpc.cars.search.queryOptions({ q: debouncedSearch, limit: LIMITS.galleryFetchLimit }),
    enabled: searching,
  });
  const source = searching ? results : all;

  const cars = useMemo(() => {
    const list = source.data ?? [];
    return filter === ALL_CARS_FILTER ? list : list.filter((car) => car.category === filter);
  }, [source.data, filter]);
  const visible = cars.slice(0, pages * LIMITS.galleryPageSize);

  const chooseFilter = (next: GalleryFilter) => {
    setFilter(next);
    setSearch('');
    setPages(1);
  };
  const changeSearch = (text: string) => {
    setSearch(text);
    if (text.trim()) setFilter(ALL_CARS_FILTER);
    setPages(1);
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>Car Gallery</Title>
        <BannerAd />
        <Group gap="xs" role="group" aria-label="Filter by category">
          {GALLERY_FILTERS.map((name) => (
            <Button
              key={name}
              size="xs"
              variant={filter === name ? 'filled' : 'default'}
              aria-pressed={filter === name}
              onClick={() => chooseFilter(name)}
            >
              {name}
            </Button>
          ))}
        </Group>
        <TextInput
          type="search"
          aria-label="Search cars"
          placeholder={MESSAGES.gallery.searchPlaceholder}
          value={search}
          onChange={(event) => changeSearch(event.currentTarget.value)}
          maw={480}
        />
        {source.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {SKELETONS.map((key) => (
              <Skeleton key={key} height={300} radius="md" />
            ))}
          </SimpleGrid>
        ) : source.isError ? (
          <Text c="red.4" role="alert">
            {MESSAGES.gallery.loadError}
          </Text>
        ) : visible.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {MESSAGES.gallery.empty}
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {visible.map((car, i) => (
                <CarCard key={car.id} car={car} variant="compact" eager={i < 3} priority={i === 0} />
              ))}
            </SimpleGrid>
            {visible.length < cars.length ? (
              <Group justify="center">
                <Button variant="outline" onClick={() => setPages((p) => p + 1)}>
                  Load More
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
