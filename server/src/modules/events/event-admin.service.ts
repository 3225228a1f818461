import { type CarEvent, type EventCreateInput, type EventUpdateInput, MESSAGES } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { notFound } from '../../errors';
import { EventEntity } from './event.entity';
import { toEventDto } from './upcoming-events';

/** Event management (admin; the procedures check the role). Dates arrive and are stored as UTC instants. */
export class EventAdminService {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(EventEntity);
  }

  /** GET /api/events: every event, active or not, the latest date first (upcoming ones on top, past ones below). */
  async list(): Promise<CarEvent[]> {
    const events = await this.repo.find({ order: { eventDate: 'DESC', id: 'DESC' } });
    return events.map(toEventDto);
  }

  async create(input: EventCreateInput): Promise<CarEvent> {
    const inserted = await this.repo.insert({
      ...input,
      eventDate: new Date(input.eventDate),
      fbEventUrl: input.fbEventUrl ?? null,
    });
    return toEventDto(await this.repo.findOneByOrFail({ id: Number(inserted.identifiers[0]?.id) }));
  }

  async update(input: EventUpdateInput): Promise<CarEvent> {
    const { id, eventDate, ...changes } = input;
    const result = await this.repo.update(
      { id },
      { ...changes, ...(eventDate !== undefined ? { eventDate: new Date(eventDate) } : {}) },
    );
    if (!result.affected) throw notFound(MESSAGES.server.eventNotFound);
    return toEventDto(await this.repo.findOneByOrFail({ id }));
  }

  async delete(id: number): Promise<void> {
    const result = await this.repo.delete({ id });
    if (!result.affected) throw notFound(MESSAGES.server.eventNotFound);
  }
}
