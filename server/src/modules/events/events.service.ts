import {
  type CarEvent,
  type EventCreateInput,
  type EventUpdateInput,
  MEET_CARD_VOTE_DAYS,
  MESSAGES,
  upcomingEventsFrom,
} from '@curbside/shared';
import { Between, type DataSource, MoreThanOrEqual } from 'typeorm';
import { notFound } from '../../errors';
import { EventEntity } from './event.entity';
import { toEventDto } from './event-dto';

/**
 * Car meets: the upcoming ones (public), and their management (admin; the procedures check the role). Dates arrive
 * and are stored as UTC instants.
 */
export class EventsService {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(EventEntity);
  }

  /** GET /api/events/upcoming: active events from the start of today (Central) on, soonest first. */
  async upcoming(now: Date = new Date()): Promise<CarEvent[]> {
    const events = await this.repo.find({
      where: { active: true, eventDate: MoreThanOrEqual(upcomingEventsFrom(now)) },
      order: { eventDate: 'ASC', id: 'ASC' },
    });
    return events.map(toEventDto);
  }

  /**
   * Whether a vote cast at `at` through a meet card may name event `id`: the event exists, is active, and `at` is
   * within MEET_CARD_VOTE_DAYS of its date.
   */
  async runsForCardVotes(id: number, at: Date): Promise<boolean> {
    const day = 86_400_000;
    return this.repo.existsBy({
      id,
      active: true,
      eventDate: Between(
        new Date(at.getTime() - MEET_CARD_VOTE_DAYS.after * day),
        new Date(at.getTime() + MEET_CARD_VOTE_DAYS.before * day),
      ),
    });
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
