import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Image.css';
import { type Advertisement, isAdLive, MESSAGES } from '@curbside/shared';
import { Anchor, Badge, Group, Image, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PLACEHOLDER_IMAGE } from '../../components/cars/CarImage';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { AdForm } from './AdForm';
import { AdminRecordsTab, type RecordColumn } from './AdminRecordsTab';
import { replaceById } from './record-actions';

const COLUMNS: RecordColumn<Advertisement>[] = [
  {
    header: 'Image',
    cell: (ad) => <Image src={ad.imageUrl} fallbackSrc={PLACEHOLDER_IMAGE} alt="" w={96} h={54} fit="contain" />,
  },
  {
    header: 'Advertisement',
    cell: (ad) => (
      <>
        <Text fw={600}>{ad.name}</Text>
        <Group gap={4}>
          <Badge variant="light" size="sm" tt="capitalize">
            {ad.type}
          </Badge>
          <Anchor href={ad.linkUrl} target="_blank" rel="noopener noreferrer" size="xs">
            {ad.linkUrl}
          </Anchor>
        </Group>
      </>
    ),
  },
  {
    header: 'Period',
    cell: (ad) => (
      <>
        <Text size="sm">{`${ad.startDate ?? 'any time'} – ${ad.endDate ?? 'no end'}`}</Text>
        <Badge color={isAdLive(ad) ? 'green' : 'gray'} variant="light" size="sm">
          {isAdLive(ad) ? 'Showing now' : 'Not showing'}
        </Badge>
      </>
    ),
  },
];

/** Advertisements (part 2 §2): every ad with its type, picture, period and whether it shows today; the form above. */
export function AdsTab() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const ads = useQuery(trpc.admin.ads.list.queryOptions());

  return (
    <AdminRecordsTab
      noun="Advertisement"
      listTitle={MESSAGES.labels.advertisements}
      records={ads}
      fetchError={MESSAGES.fetchErrors.advertisements}
      emptyText="No advertisements yet. Add the first one above."
      nameOf={(ad) => ad.name}
      columns={COLUMNS}
      rowTestId="ad-row"
      tableMinWidth={820}
      calls={{
        setActive: (input) => client.admin.ads.update.mutate(input),
        remove: (input) => client.admin.ads.delete.mutate(input),
        replaceInList: (updated) => queryClient.setQueryData(trpc.admin.ads.list.queryKey(), replaceById(updated)),
        // The admin list and the live ads the banners read (this browser's copy; other visitors' caches expire in
        // 5 minutes).
        refresh: () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.admin.ads.pathKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.ads.pathKey() }),
          ]),
      }}
      renderForm={(editing, handlers) => <AdForm ad={editing} {...handlers} />}
    />
  );
}
