import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import type { Car } from '@curbside/shared';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useIslands } from '../../islands/context';
import { islandProps, type ShareIslandProps } from '../../islands/props';
import { useTRPC } from '../../lib/trpc';
import { SHARE_QR_FAILED, shareLinks } from './share-links';

export { shareLinks } from './share-links';

/** The QR code's text alternative. */
export const qrCodeAlt = (car: Pick<Car, 'make' | 'model'>) => `QR code for the ${car.make} ${car.model} page`;

export function ShareCard({ car }: { car: Car }) {
  const trpc = useTRPC();
  // On an islands page the server draws the card, and the islands' script (islands/share.ts) completes it in the
  // browser: the links' page address and the QR code, as below.
  const islands = useIslands();
  const qr = useQuery({ ...trpc.share.qrCode.queryOptions({ slug: car.slug }), enabled: !islands });
  const pageUrl = `${islands ? '' : window.location.origin}/cars/${car.slug}`;
  const links = shareLinks(pageUrl, car);
  const islandMarks =
    import.meta.env.SSR && islands
      ? {
          'data-island': 'share',
          ...islandProps({
            slug: car.slug,
            year: car.year,
            make: car.make,
            model: car.model,
            qrAlt: qrCodeAlt(car),
          } satisfies ShareIslandProps),
        }
      : {};
  return (
    <Card withBorder radius="md" padding="lg" {...islandMarks}>
      <Stack gap="sm" align="center">
        <Title order={2} fz="lg">
          Share this Car
        </Title>
        {qr.data ? (
          <img src={qr.data.qrCode} alt={qrCodeAlt(car)} width={180} height={180} />
        ) : qr.isError ? (
          <Text size="sm" c="dimmed">
            {SHARE_QR_FAILED}
          </Text>
        ) : (
          <Skeleton width={180} height={180} data-island-part="qr" />
        )}
        <Text size="xs" c="dimmed" ta="center">
          Scan to open this car's page
        </Text>
        <Group gap="md">
          <Anchor href={links.facebook} target="_blank" rel="noopener noreferrer" data-share="facebook">
            Facebook
          </Anchor>
          <Anchor href={links.twitter} target="_blank" rel="noopener noreferrer" data-share="twitter">
            Twitter/X
          </Anchor>
          <Anchor
            href={links.instagram}
            target="_blank"
            rel="noopener noreferrer"
            data-share="instagram"
            onClick={() => void navigator.clipboard?.writeText(links.caption).catch(() => undefined)}
          >
            Instagram
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
