import { type CarEvent, upcomingEventsFrom } from '@curbside/shared';
import { type DataSource, MoreThanOrEqual } from 'typeorm';
import { EventEntity } from './event.entity';

export function toEventDto(event: EventEntity): CarEvent {
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    location: event.location,
    eventDate: event.eventDate.toISOString(),
    imageUrl: event.imageUrl,
    fbEventUrl: event.fbEventUrl,
    active: event.active,
  };
}

/** GET /api/events/upcoming: active events from the start of today (Central) on, soonest first. */
export async function listUpcomingEvents(ds: DataSource, now: Date = new Date()): Promise<CarEvent[]> {
  const events = await ds.getRepository(EventEntity).find({
    where: { active: true, eventDate: MoreThanOrEqual(upcomingEventsFrom(now)) },
    order: { eventDate: 'ASC', id: 'ASC' },
  });
  return events.map(toEventDto);
}
