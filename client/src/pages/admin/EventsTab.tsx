import '@mantine/core/styles/Badge.css';
import { type CarEvent, formatCentralDateTime, MESSAGES } from '@curbside/shared';
import { Anchor, Badge, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { AdminRecordsTab, type RecordColumn } from './AdminRecordsTab';
import { EventForm } from './EventForm';
import { replaceById } from './record-actions';

const COLUMNS: RecordColumn<CarEvent>[] = [
  {
    header: 'Event',
    cell: (event) => (
      <>
        <Text fw={600}>{event.title}</Text>
        {event.fbEventUrl ? (
          <Anchor href={event.fbEventUrl} target="_blank" rel="noopener noreferrer" size="xs">
            Facebook event
          </Anchor>
        ) : null}
      </>
    ),
  },
  {
    header: 'Date (Central)',
    cell: (event) => (
      <>
        <Text size="sm">{formatCentralDateTime(event.eventDate)}</Text>
        {new Date(event.eventDate).getTime() < Date.now() ? (
          <Badge color="gray" variant="light" size="sm">
            Past
          </Badge>
        ) : null}
      </>
    ),
  },
  { header: 'Location', cell: (event) => event.location },
];

/** Events (part 2 §2): every event, past and inactive ones too, soonest first; the form above the list. */
export function EventsTab() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const events = useQuery(trpc.admin.events.list.queryOptions());

  return (
    <AdminRecordsTab
      noun="Event"
      listTitle="Events"
      records={events}
      fetchError={MESSAGES.fetchErrors.events}
      emptyText="No events yet. Add the first one above."
      nameOf={(event) => event.title}
      columns={COLUMNS}
      rowTestId="event-row"
      tableMinWidth={760}
      calls={{
        setActive: (input) => client.admin.events.update.mutate(input),
        remove: (input) => client.admin.events.delete.mutate(input),
        replaceInList: (updated) => queryClient.setQueryData(trpc.admin.events.list.queryKey(), replaceById(updated)),
        // The admin list and the public /events page.
        refresh: () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.admin.events.pathKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() }),
          ]),
      }}
      renderForm={(editing, handlers) => <EventForm event={editing} {...handlers} />}
    />
  );
}
