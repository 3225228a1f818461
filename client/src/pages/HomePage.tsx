import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { CAR_CARD_IMAGE_SIZES, CAR_CARD_MESSAGES, HALL_OF_FAME_MESSAGES, primaryImage } from '@curbside/shared';
import { Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { BannerAd } from '../components/ads/BannerAd';
import { CarCard } from '../components/cars/CarCard';
import { CarImage } from '../components/cars/CarImage';
import classes from '../components/cars/cars.module.css';
import { FeaturedSlider } from '../components/cars/FeaturedSlider';
import { HydrationUnit } from '../components/HydrationUnit';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useSubmitCarHref } from '../hooks/useSubmitCarHref';
import { LANDING_INPUTS } from '../landing-inputs';
import { useTRPC } from '../lib/trpc';

const STEPS = [
  { title: 'Attend a Meet', text: 'Bring your car to one of our local street-car meets.' },
  { title: 'Get Professional Photos', text: 'Our photographers shoot your car where it lives: on the street.' },
  { title: 'Share & Collect Votes', text: 'Share your car page and climb the monthly leaderboard.' },
];

const SHOP = [
  { title: 'Premium Prints', text: 'Gallery-quality prints of any photo, from posters to framed canvas.' },
  { title: 'Custom Brochures', text: 'A printed spec sheet and story of your build.' },
  { title: 'QR Code Merchandise', text: "Stickers and plaques that link straight to your car's page." },
];

const SectionLoadError = lazy(() => import('./home/SectionLoadError'));

// "12,345": grouped by hand, since toLocaleString builds a number formatter (ICU data) on each call, ~15 ms apiece
// on a phone while the page hydrates.
const formatCount = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * Below this a counter reads as emptiness ("0 Prints Ordered", "4 Featured Cars") rather than as a community, so the
 * hero leaves it out; with none left, the row is not drawn.
 */
const HOME_COUNTER_MIN = 25;

function Counters() {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.stats.site.queryOptions());
  if (!data) return null;
  const items = [
    { label: 'Featured Cars', value: data.featuredCarsCount },
    { label: 'Total Votes', value: data.totalVotesCount },
    { label: 'Prints Ordered', value: data.printsOrderedCount },
  ].filter((item) => item.value >= HOME_COUNTER_MIN);
  if (items.length === 0) return null;
  return (
    <SimpleGrid cols={items.length} maw={(560 / 3) * items.length} spacing="lg">
      {items.map((item) => (
        <div key={item.label}>
          <Text fz={32} fw={800} lh={1} data-testid={`counter-${item.label}`}>
            {formatCount(item.value)}
          </Text>
          <Text size="sm" c="dimmed">
            {item.label}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function TopCarsOfTheMonth() {
  const trpc = useTRPC();
  const top = useQuery(trpc.cars.top.queryOptions(LANDING_INPUTS.homeTopCars));
  // The latest closed month's winner (the Hall of Fame), named with its month.
  const lastWinner = useQuery(trpc.hallOfFame.winners.queryOptions()).data?.[0];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Top Cars of the Month</Title>
        <Group gap="md">
          {lastWinner && (
            <Text size="sm" c="dimmed" data-testid="last-month-winner">
              {HALL_OF_FAME_MESSAGES.winnerOf(lastWinner.label)}{' '}
              {lastWinner.winner.car ? (
                <Anchor component={Link} href={`/cars/${lastWinner.winner.car.slug}`} underline="always">
                  {lastWinner.winner.name}
                </Anchor>
              ) : (
                HALL_OF_FAME_MESSAGES.removed(lastWinner.winner.name)
              )}
              {' · '}
              <Anchor component={Link} href="/hall-of-fame" underline="always">
                {HALL_OF_FAME_MESSAGES.title}
              </Anchor>
            </Text>
          )}
          <Anchor component={Link} href="/leaderboard">
            View Leaderboard
          </Anchor>
        </Group>
      </Group>
      {top.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((n) => (
            <Skeleton key={n} height={360} radius="md" />
          ))}
        </SimpleGrid>
      ) : top.isError ? (
        <Suspense fallback={null}>
          <SectionLoadError section="topCars" query={top} />
        </Suspense>
      ) : top.data.length === 0 ? (
        <Text c="dimmed">No votes yet this month. Be the first to vote!</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {top.data.map((entry, i) => (
            <CarCard key={entry.id} car={entry} rank={entry.rank} eager priority={i === 0} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function FeaturedCars() {
  const trpc = useTRPC();
  const featured = useQuery(trpc.cars.list.queryOptions(LANDING_INPUTS.homeFeatured));
  return (
    <Stack gap="md">
      <Title order={2}>Featured Cars</Title>
      {featured.isPending ? (
        <Skeleton height={400} radius="md" />
      ) : featured.isError ? (
        <Suspense fallback={null}>
          <SectionLoadError section="featuredCars" query={featured} />
        </Suspense>
      ) : (
        <FeaturedSlider cars={featured.data} />
      )}
    </Stack>
  );
}

/**
 * The hero's photo: this month's leader, from the data the server already rendered the page with (nothing when no car
 * has a vote yet this month); across a phone's screen under the headline, beside the text on wide screens. The same
 * photo at the same sizes as the first top-car card, which the server preloads: the hero costs no extra download.
 */
function HeroPhoto() {
  const trpc = useTRPC();
  const car = useQuery(trpc.cars.top.queryOptions(LANDING_INPUTS.homeTopCars)).data?.[0];
  if (!car) return null;
  return (
    <Link href={`/cars/${car.slug}`} className={classes.heroPhoto}>
      <CarImage
        image={primaryImage(car.images)}
        alt={`${car.make} ${car.model}`}
        sizes={CAR_CARD_IMAGE_SIZES}
        priority
      />
      <span className={classes.heroCaption}>
        <span>{CAR_CARD_MESSAGES.rankBadge(1)}</span>
        <strong>
          {car.year} {car.make} {car.model}
        </strong>
      </span>
    </Link>
  );
}

function HowItWorks() {
  return (
    <Stack gap="md">
      <Title order={2}>How It Works</Title>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {STEPS.map((step, i) => (
          <Card key={step.title} withBorder radius="md" padding="lg">
            <Badge size="lg" variant="light" mb="sm">
              {i + 1}
            </Badge>
            <Title order={3} fz="lg">
              {step.title}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {step.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PrintShop() {
  return (
    <Stack gap="md">
      <Title order={2}>The Print Shop</Title>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {SHOP.map((item) => (
          <Card key={item.title} withBorder radius="md" padding="lg">
            <Title order={3} fz="lg">
              {item.title}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {item.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Group>
        <Button component={Link} href="/gallery" variant="light">
          Pick a Photo to Print
        </Button>
        <Button component={Link} href="/merch" variant="subtle">
          Browse Merchandise
        </Button>
      </Group>
    </Stack>
  );
}

export default function HomePage() {
  useDocumentTitle();
  const submitHref = useSubmitCarHref();
  return (
    <Container size="lg" py="xl" className={classes.home}>
      <Stack gap={64}>
        <HydrationUnit defer>
          {/* Headline, this month's leader, then the words and buttons: on a phone in that order, the photo across the
              screen; on wide screens the photo beside them. */}
          <div className={classes.hero}>
            <Title order={1} fz={{ base: 38, md: 56 }} lh={1.05} className={classes.heroTitle}>
              Street cars, shot where they live.
            </Title>
            <HeroPhoto />
            <Stack gap="lg" className={classes.heroBody}>
              <Text size="lg" c="dimmed">
                Curbside photographs cars at local meets, lets the community vote for the best of the month, and turns
                the photos into prints for your wall.
              </Text>
              <Group>
                <Button component={Link} href={submitHref} size="md">
                  Get Your Car Featured
                </Button>
                <Button component={Link} href="/gallery" size="md" variant="outline">
                  View Gallery
                </Button>
              </Group>
              <Counters />
            </Stack>
          </div>
        </HydrationUnit>

        <HydrationUnit defer>
          <TopCarsOfTheMonth />
        </HydrationUnit>

        <BannerAd />

        <HydrationUnit defer>
          <HowItWorks />
        </HydrationUnit>

        <FeaturedCars />

        <HydrationUnit defer>
          <PrintShop />
        </HydrationUnit>

        <HydrationUnit defer>
          <Card withBorder radius="md" padding="xl">
            <Stack align="center" gap="md">
              <Title order={2} ta="center">
                Ready to show off your ride?
              </Title>
              <Group>
                <Button component={Link} href={submitHref}>
                  Submit Your Car
                </Button>
                <Button component={Link} href="/events" variant="outline">
                  View Upcoming Events
                </Button>
              </Group>
            </Stack>
          </Card>
        </HydrationUnit>
      </Stack>
    </Container>
  );
}
