import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import { type Car, SHARE_HASHTAGS, SITE_NAME } from '@curbside/shared';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** Share links for a car page (spec part 1 §2, §9: the site's own hashtags). */
export function shareLinks(pageUrl: string, car: Pick<Car, 'year' | 'make' | 'model'>) {
  const url = encodeURIComponent(pageUrl);
  const text = encodeURIComponent(`Check out this ${car.year} ${car.make} ${car.model} on ${SITE_NAME}!`);
  const hashtags = encodeURIComponent(SHARE_HASHTAGS.join(','));
  const hashText = encodeURIComponent(SHARE_HASHTAGS.map((tag) => `#${tag}`).join(' '));
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}&hashtag=${encodeURIComponent(`#${SHARE_HASHTAGS[0]}`)}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${text}&hashtags=${hashtags}`,
    // Instagram has no web share address: the link opens Instagram and the caption text goes to the clipboard.
    instagram: 'https://www.instagram.com/',
    caption: `${decodeURIComponent(text)} ${decodeURIComponent(hashText)} ${pageUrl}`,
  };
}

export function ShareCard({ car }: { car: Car }) {
  const trpc = useTRPC();
  const qr = useQuery(trpc.share.qrCode.queryOptions({ slug: car.slug }));
  const pageUrl = `${window.location.origin}/cars/${car.slug}`;
  const links = shareLinks(pageUrl, car);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" align="center">
        <Title order={2} fz="lg">
          Share this Car
        </Title>
        {qr.data ? (
          <img src={qr.data.qrCode} alt={`QR code for the ${car.make} ${car.model} page`} width={180} height={180} />
        ) : qr.isError ? (
          <Text size="sm" c="dimmed">
            Failed to generate QR code
          </Text>
        ) : (
          <Skeleton width={180} height={180} />
        )}
        <Text size="xs" c="dimmed" ta="center">
          Scan to open this car's page
        </Text>
        <Group gap="md">
          <Anchor href={links.facebook} target="_blank" rel="noopener noreferrer">
            Facebook
          </Anchor>
          <Anchor href={links.twitter} target="_blank" rel="noopener noreferrer">
            Twitter/X
          </Anchor>
          <Anchor
            href={links.instagram}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => void navigator.clipboard?.writeText(links.caption).catch(() => undefined)}
          >
            Instagram
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
