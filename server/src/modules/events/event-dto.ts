import type { CarEvent } from '@curbside/shared';
import type { EventEntity } from './event.entity';

/** An event as the API shows it (never the raw row). */
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
