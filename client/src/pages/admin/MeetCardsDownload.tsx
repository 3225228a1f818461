import '@mantine/core/styles/Combobox.css';
import { MEET_CARD_MAX_CARS, MESSAGES, type MeetCardLayout, meetCardPaths } from '@curbside/shared';
import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';

const M = MESSAGES.meetCards;
const LAYOUTS: { value: MeetCardLayout; label: string }[] = [
  { value: 'a6', label: M.layoutA6 },
  { value: 'sheet', label: M.layoutSheet },
  { value: 'sheet-a4', label: M.layoutSheetA4 },
];

/**
 * Meet cards for the cars ticked in Manage Cars: a layout, an optional event (named on the cards and in
 * their QR codes, so the votes they bring count for it), and the PDF download (GET /api/admin/meet-cards.pdf).
 */
export function MeetCardsDownload({ carIds }: { carIds: number[] }) {
  const trpc = useTRPC();
  const events = useQuery(trpc.admin.events.list.queryOptions());
  const [layout, setLayout] = useState<MeetCardLayout>('sheet');
  const [eventId, setEventId] = useState('');
  const tooMany = carIds.length > MEET_CARD_MAX_CARS;
  const ready = carIds.length > 0 && !tooMany;
  const label = `${M.adminDownload} (${carIds.length})`;

  return (
    <Paper withBorder radius="md" p="sm" mb="md">
      <Group align="end" gap="sm">
        <NativeSelect
          label={M.layout}
          data={LAYOUTS}
          value={layout}
          onChange={(event) => setLayout(event.currentTarget.value as MeetCardLayout)}
        />
        <NativeSelect
          label={M.event}
          data={[
            { value: '', label: M.noEvent },
            ...(events.data ?? []).map((event) => ({ value: String(event.id), label: event.title })),
          ]}
          value={eventId}
          onChange={(event) => setEventId(event.currentTarget.value)}
        />
        {ready ? (
          <Button
            component="a"
            href={meetCardPaths.admin(carIds, layout, eventId ? Number(eventId) : null)}
            download
            variant="light"
          >
            {label}
          </Button>
        ) : (
          <Button disabled variant="light">
            {label}
          </Button>
        )}
      </Group>
      {carIds.length === 0 || tooMany ? (
        <Text size="sm" c={tooMany ? 'red' : 'dimmed'} mt="xs" role={tooMany ? 'alert' : undefined}>
          {tooMany ? M.tooManyCars(MEET_CARD_MAX_CARS) : M.noCarsChosen}
        </Text>
      ) : null}
    </Paper>
  );
}
