import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import { MESSAGES, type PhotoMatch, type PhotoMatchPhoto, type PhotoMatchStatus } from '@curbside/shared';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { useReviewAction } from './useReviewAction';

const M = MESSAGES.photoMatches;

const when = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The Review tab's copied photos (issue 41 part 5): new car photos that look like another member's photo
 * (GET /api/admin/photo-matches), each shown beside the photo it looks like, with Dismiss for a pair that is fine and
 * the queue's Remove the photo (recorded, its owner e-mailed the note). Open flags by default; the dismissed ones a
 * click away.
 */
export function PhotoMatchesSection() {
  const trpc = useTRPC();
  const [status, setStatus] = useState<PhotoMatchStatus>('open');
  const list = useInfiniteQuery(
    trpc.admin.photoMatches.list.infiniteQueryOptions(
      { status },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const matches = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2} fz="h3">
            {M.title}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {M.intro}
          </Text>
        </Stack>
        <SegmentedControl
          aria-label={M.title}
          value={status}
          onChange={(value) => setStatus(value as PhotoMatchStatus)}
          data={[
            { value: 'open', label: M.open },
            { value: 'dismissed', label: M.dismissedList },
          ]}
        />
      </Group>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <LoadError message={M.loadError} query={list} back={null} />
      ) : matches.length === 0 ? (
        <Text c="dimmed">{status === 'open' ? M.empty : M.emptyDismissed}</Text>
      ) : (
        matches.map((match) => <MatchCard key={match.id} match={match} />)
      )}
      {list.hasNextPage ? (
        <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {M.loadMore}
        </Button>
      ) : null}
    </Stack>
  );
}

/** A flagged pair side by side; an open one with its note and actions (Dismiss, Remove the photo). */
function MatchCard({ match }: { match: PhotoMatch }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dismiss = useMutation(trpc.admin.photoMatches.dismiss.mutationOptions());
  const review = useReviewAction({ carId: match.photo.car.id, imageId: match.photo.imageId });
  const onDismiss = () =>
    dismiss.mutate(
      { id: match.id },
      {
        onSuccess: () => {
          notifyToast(M.dismissed);
          void queryClient.invalidateQueries({ queryKey: trpc.admin.photoMatches.list.pathKey() });
        },
        onError: (error) => notifyError(MESSAGES.admin.updateFailed, error),
      },
    );
  return (
    <Card withBorder radius="md" padding="md" data-testid="photo-match">
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <Badge color="orange" variant="light">
            {M.flag}
          </Badge>
          <Text size="sm" c="dimmed">
            {M.distance(match.distance)}
          </Text>
        </Group>
        {match.dismissedAt ? (
          <Text size="sm" c="dimmed">
            {M.dismissedAt(when(match.dismissedAt))}
          </Text>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MatchPhoto label={M.newPhoto} photo={match.photo} />
        <MatchPhoto label={M.earlierPhoto} photo={match.matched} />
      </SimpleGrid>
      {match.dismissedAt ? null : (
        <Stack gap="xs" mt="sm">
          <Textarea {...review.noteField} />
          <Group gap="xs">
            <Button size="xs" variant="default" loading={dismiss.isPending} onClick={onDismiss}>
              {M.dismiss}
            </Button>
            <Button size="xs" color="red" disabled={review.pending} onClick={() => review.run('removePhoto')}>
              {MESSAGES.moderation.actionLabels.removePhoto}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

/** One side of a pair: the picture, its car (a link to its page), its owner and when it was added. */
function MatchPhoto({ label, photo }: { label: string; photo: PhotoMatchPhoto }) {
  const owner = photo.owner ? (photo.owner.name ?? photo.owner.username) : null;
  return (
    <Stack gap={4} data-testid="match-photo">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {label}
      </Text>
      <Image src={photo.url} alt={`${label}: ${photo.car.title}`} radius="sm" loading="lazy" />
      <Anchor component={Link} href={`/cars/${photo.car.slug}`} fw={600}>
        {photo.car.title}
      </Anchor>
      <Text size="sm">{owner ? M.uploadedBy(owner) : M.noOwner}</Text>
      <Text size="sm" c="dimmed">
        {M.uploadedAt(when(photo.uploadedAt))}
      </Text>
    </Stack>
  );
}
