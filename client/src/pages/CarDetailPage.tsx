import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import { CAR_MAIN_IMAGE_SIZES, type Car, carVoteCount, carVotePeriod, MESSAGES, primaryImage } from '@curbside/shared';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { ClientOnly } from '../components/ClientOnly';
import { CarHonours } from '../components/cars/CarHonours';
import { CarImage } from '../components/cars/CarImage';
import classes from '../components/cars/cars.module.css';
import { ReviewNotice } from '../components/cars/ReviewNotice';
import { VoteButton, VoteButtonView } from '../components/cars/VoteButton';
import { HydrationUnit } from '../components/HydrationUnit';
import { BACK_TO_GALLERY, LoadError } from '../components/LoadError';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useIslands } from '../islands/context';
import { type CarIslandProps, islandProps, type VoteIslandProps } from '../islands/props';
import { LANDING_INPUTS } from '../landing-inputs';
import { CONTACT_EMAIL } from '../lib/constants';
import { trpcErrorCode } from '../lib/errors';
import { useTRPC } from '../lib/trpc';
import { useShowsVoted } from '../lib/viewer-votes';
import layout from './car-detail/CarDetailLayout.module.css';
import { CarInfoTabs } from './car-detail/CarInfoTabs';
import { OwnerCard } from './car-detail/OwnerCard';
import { PhotoGrid } from './car-detail/PhotoGrid';
import type { NamedPhoto } from './car-detail/photos';
import { namedPhotos } from './car-detail/photos';
import { photosFromSearch } from './car-detail/print-selection';

// Not needed to render the car, and below the photos on a phone: the print form (Mantine's Select and NumberInput), the
// share card (QR code) load after the page, when they come near the viewport, so its first render runs less script.
// They are left out of the server's HTML too (ClientOnly): the share card reads the browser's address. The photo viewer
// loads when a visitor heads for the photo (pointer over it, focus, or a tap), not with the page.
const PurchasePrintCard = lazy(() =>
  import('../components/shop/PurchasePrintCard').then((module) => ({ default: module.PurchasePrintCard })),
);
const ShareCard = lazy(() => import('../components/cars/ShareCard').then((module) => ({ default: module.ShareCard })));
const PhotoViewer = lazy(() => import('./car-detail/PhotoViewer').then((module) => ({ default: module.PhotoViewer })));
// Only for signed-in visitors (its form checks the report with zod): never part of a visitor's first download.
const ReportCar = lazy(() => import('./car-detail/ReportCar').then((module) => ({ default: module.ReportCar })));

function NotFound() {
  useDocumentTitle(MESSAGES.carDetail.notFound);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>{MESSAGES.carDetail.notFound}</Title>
        <Text c="dimmed">{MESSAGES.carDetail.notFoundText}</Text>
        <Button component={Link} href="/gallery">
          Back to Gallery
        </Button>
      </Stack>
    </Container>
  );
}

export default function CarDetailPage() {
  const { slug } = useParams<{ slug: string }>();
  const trpc = useTRPC();
  const { user, isAdmin } = useCurrentUser();
  // Rendered on the server to be sent as islands (islands/main.ts): the markers and templates its script needs.
  const islands = useIslands();
  const carQuery = useQuery(trpc.cars.bySlug.queryOptions({ slug }));
  const top = useQuery(trpc.cars.top.queryOptions(LANDING_INPUTS.carRankBadges));
  const [shownId, setShownId] = useState<number | null>(null);
  const search = useSearch();
  // Back from sign-in, the photos a signed-out visitor chose for a print are in the address.
  const [selectedIds, setSelectedIds] = useState<number[]>(() => photosFromSearch(search));
  const [enlarged, setEnlarged] = useState(false);
  const [lightboxWanted, setLightboxWanted] = useState(false);
  const carMissing = carQuery.isError && trpcErrorCode(carQuery.error) === 'NOT_FOUND';
  // A car held, hidden or waiting for review is not public: its owner still sees its page, from their own cars.
  const owned = useQuery({ ...trpc.cars.owned.queryOptions(), enabled: Boolean(user) && carMissing });
  const ownCar = carMissing ? owned.data?.find((mine) => mine.slug === slug && mine.review) : undefined;
  // Nor is a suspended owner's: an admin sees any of them, and why the public cannot (the server checks the role).
  const asAdmin = useQuery({ ...trpc.admin.cars.bySlug.queryOptions({ slug }), enabled: isAdmin && carMissing });
  const car = carQuery.data ?? asAdmin.data ?? ownCar;
  useDocumentTitle(car ? `${car.make} ${car.model}` : undefined);

  if (carQuery.isPending || (carMissing && user && owned.isPending) || (carMissing && isAdmin && asAdmin.isPending)) {
    return (
      <Container size="lg" py="xl">
        <Skeleton height={48} width="50%" mb="lg" />
        <Skeleton height={420} radius="md" />
      </Container>
    );
  }
  if (carQuery.isError && !carMissing) {
    return (
      <Container size="lg" py="xl">
        <LoadError
          message={MESSAGES.fetchErrors.carDetails}
          explanation={MESSAGES.loadError.car}
          query={carQuery}
          back={BACK_TO_GALLERY}
        />
      </Container>
    );
  }
  if (!car) return <NotFound />;

  const shown = car.images.find((image) => image.id === shownId) ?? primaryImage(car.images);
  const official = namedPhotos(
    'official',
    car.images.filter((image) => image.isAdminUploaded),
  );
  const ownerPhotos = namedPhotos(
    'owner',
    car.images.filter((image) => !image.isAdminUploaded),
  );
  // The viewer's order is the page's: official photos, then the owner's.
  const photos = [...official, ...ownerPhotos];
  const rank = top.data?.find((entry) => entry.id === car.id)?.rank;
  const canEdit = Boolean(user && (isAdmin || user.id === car.ownerId));
  const alt = `${car.year} ${car.make} ${car.model}`;
  const votes = carVoteCount(car);
  const toggle = (id: number) =>
    setSelectedIds((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={1}>
              {car.make} {car.model}
            </Title>
            <Group gap="md">
              <Text c="dimmed">{car.year}</Text>
              <Text c="dimmed">{car.ownerName || MESSAGES.carCard.unknownOwner}</Text>
              <Text c="yellow" fw={700} data-testid="car-votes" data-island-part="car-votes">
                {`♥ ${MESSAGES.carCard.votesLine(votes, carVotePeriod(car))}`}
              </Text>
              <Badge variant="light">{car.category || MESSAGES.carCard.otherCategory}</Badge>
            </Group>
            <CarHonours slug={car.slug} />
          </Stack>
          {canEdit ? (
            <Button component={Link} href={`/upload?edit=${car.id}`} variant="outline">
              Edit
            </Button>
          ) : user && !car.review ? (
            <Suspense fallback={null}>
              <ReportCar carId={car.id} shownPhotoId={shown?.id ?? null} />
            </Suspense>
          ) : null}
        </Group>
        {asAdmin.data ? (
          <ReviewNotice review={asAdmin.data.review} adminView={asAdmin.data} />
        ) : car.review ? (
          <ReviewNotice review={car.review} />
        ) : null}

        <div
          className={layout.layout}
          {...(import.meta.env.SSR && islands
            ? {
                'data-island': 'car',
                ...islandProps({ carId: car.id, alt, photos } satisfies CarIslandProps),
              }
            : {})}
        >
          <div className={layout.column}>
            <div style={{ position: 'relative' }}>
              <UnstyledButton
                display="block"
                w="100%"
                onPointerEnter={() => setLightboxWanted(true)}
                onFocus={() => setLightboxWanted(true)}
                onClick={() => {
                  setLightboxWanted(true);
                  if (shown) setEnlarged(true);
                }}
                aria-label="Enlarge photo"
                data-island-action="enlarge"
                data-photo-id={shown?.id}
              >
                <CarImage image={shown} alt={alt} sizes={CAR_MAIN_IMAGE_SIZES} priority className={classes.mainImage} />
              </UnstyledButton>
              <Group gap="xs" style={{ position: 'absolute', top: 12, left: 12 }}>
                {rank ? (
                  <Badge color="yellow" variant="filled" size="lg">
                    {MESSAGES.carCard.rankBadge(rank)}
                  </Badge>
                ) : null}
                {import.meta.env.SSR && islands && shown ? (
                  // Both, the shown photo's showing: a thumbnail's photo shows its own (islands/car-photos.ts).
                  <PhotoBadges official={shown.isAdminUploaded} />
                ) : shown && car.images.find((image) => image.id === shown.id) ? (
                  <Badge color={shown.isAdminUploaded ? 'blue' : 'gray'} variant="filled">
                    {shown.isAdminUploaded ? MESSAGES.carDetail.officialPhotoBadge : MESSAGES.carDetail.ownerPhotoBadge}
                  </Badge>
                ) : null}
              </Group>
            </div>
            <HydrationUnit defer>
              {[
                { title: 'Official Photos', named: official },
                { title: 'Owner Photos', named: ownerPhotos },
              ].map(({ title, named }) => (
                <PhotoGrid
                  key={title}
                  title={title}
                  photos={named}
                  alt={alt}
                  shownId={shown?.id ?? null}
                  selectedIds={selectedIds}
                  onShow={setShownId}
                  onToggle={toggle}
                />
              ))}
              {official.length === 0 ? (
                <Card withBorder radius="md" padding="lg">
                  <Title order={2} fz="lg">
                    Want professional photos of your car?
                  </Title>
                  <Text size="sm" c="dimmed" mt={4}>
                    Our photographers shoot cars at local meets and on request.{' '}
                    <Anchor
                      underline="always"
                      href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(`Photoshoot request: ${alt}`)}`}
                    >
                      Request a photoshoot
                    </Anchor>
                  </Text>
                </Card>
              ) : null}
            </HydrationUnit>
            <HydrationUnit defer>
              <CarInfoTabs car={car} />
            </HydrationUnit>
          </div>
          <div className={layout.column}>
            {import.meta.env.SSR && islands ? <IslandVoteBar car={car} /> : <VoteBar car={car} />}
            <HydrationUnit defer>
              <OwnerCard car={car} />
            </HydrationUnit>
            {import.meta.env.SSR && islands ? (
              <IslandPanels car={car} photos={photos} selectedIds={selectedIds} />
            ) : (
              <ClientOnly fallback={<Skeleton height={320} radius="md" />} nearViewport>
                {/* A print is of a photo: a car without one has nothing to print. */}
                {photos.length > 0 ? (
                  <PurchasePrintCard
                    carId={car.id}
                    photos={photos}
                    selectedImageIds={selectedIds.filter((id) => photos.some((photo) => photo.image.id === id))}
                    onSelectionChange={setSelectedIds}
                  />
                ) : null}
                <ShareCard car={car} />
              </ClientOnly>
            )}
          </div>
        </div>
      </Stack>

      {shown && lightboxWanted && photos.length > 0 ? (
        <Suspense fallback={null}>
          <PhotoViewer
            opened={enlarged}
            photos={photos}
            index={Math.max(
              0,
              photos.findIndex((photo) => photo.image.id === shown.id),
            )}
            alt={alt}
            onIndexChange={(index) => setShownId(photos[index]?.image.id ?? null)}
            onClose={() => setEnlarged(false)}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}

/** The vote button's bar (sticky on a phone), marked once the car is voted for; its own component, so a change of
 * what it shows renders it alone, not the page around it. */
function VoteBar({ car }: { car: Car }) {
  const showsVoted = useShowsVoted(car);
  return (
    <div className={layout.vote} data-voted={showsVoted || undefined} data-testid="vote-bar">
      <VoteButton car={car} />
    </div>
  );
}

/**
 * The vote bar of a page sent as islands (islands/vote.ts): the button, with what the script needs to vote and, in a
 * <template>, the button as it shows once voted.
 */
function IslandVoteBar({ car }: { car: Car }) {
  return (
    <div
      className={layout.vote}
      data-testid="vote-bar"
      data-island="vote"
      {...islandProps({
        carId: car.id,
        slug: car.slug,
        hasVoted: car.hasVoted,
        totalVotes: car.totalVotes,
        lastMonthVotes: car.lastMonthVotes,
      } satisfies VoteIslandProps)}
    >
      <VoteButtonView voted={false} />
      <template data-island-template="voted">
        <VoteButtonView voted />
      </template>
    </div>
  );
}

/** The shown photo's badge, the site's or the owner's, with the other one hidden (islands/car-photos.ts). */
function PhotoBadges({ official }: { official: boolean }) {
  return (
    <>
      <Badge
        color="blue"
        variant="filled"
        data-island-part="photo-badge"
        data-kind="official"
        style={official ? undefined : { display: 'none' }}
      >
        {MESSAGES.carDetail.officialPhotoBadge}
      </Badge>
      <Badge
        color="gray"
        variant="filled"
        data-island-part="photo-badge"
        data-kind="owner"
        style={official ? { display: 'none' } : undefined}
      >
        {MESSAGES.carDetail.ownerPhotoBadge}
      </Badge>
    </>
  );
}

/**
 * The print and share panels of a page sent as islands, drawn by the server as they first show (the app draws them
 * in the browser): the print card is replaced by the app's when the visitor heads for it (islands/car-parts.tsx), the
 * share card is completed by islands/share.ts.
 */
function IslandPanels({ car, photos, selectedIds }: { car: Car; photos: NamedPhoto[]; selectedIds: number[] }) {
  return (
    <Suspense fallback={<Skeleton height={320} radius="md" />}>
      {photos.length > 0 ? (
        <div data-island-part="print-card">
          <PurchasePrintCard
            carId={car.id}
            photos={photos}
            selectedImageIds={selectedIds.filter((id) => photos.some((photo) => photo.image.id === id))}
            onSelectionChange={() => undefined}
          />
        </div>
      ) : null}
      <ShareCard car={car} />
    </Suspense>
  );
}
