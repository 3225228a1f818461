import {
  type Advertisement,
  type AdvertisementCreateInput,
  type AdvertisementUpdateInput,
  centralWallTimeToUtc,
  isAdLive,
  MESSAGES,
} from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { badRequest, notFound } from '../../errors';
import { toAdvertisementDto } from './ad-dto';
import { AdvertisementEntity } from './advertisement.entity';

/** A Central calendar day ('YYYY-MM-DD') as the instant it starts; toAdvertisementDto reads the day back. */
const dayStart = (day: string) => centralWallTimeToUtc(`${day}T00:00`) as Date;

/** Advertisements: the ones live today (public), and their management (admin; the procedures check the role). */
export class AdsService {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(AdvertisementEntity);
  }

  /** GET /api/advertisements/active: every ad live today (active, within its optional days); the client picks one. */
  async active(now: Date = new Date()): Promise<Advertisement[]> {
    const ads = await this.repo.find({ where: { active: true }, order: { id: 'ASC' } });
    return ads.map(toAdvertisementDto).filter((ad) => isAdLive(ad, now));
  }

  /** GET /api/advertisements: every ad, newest first. */
  async list(): Promise<Advertisement[]> {
    const ads = await this.repo.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return ads.map(toAdvertisementDto);
  }

  async create(input: AdvertisementCreateInput): Promise<Advertisement> {
    const inserted = await this.repo.insert({
      ...input,
      description: input.description ?? null,
      startDate: dayStart(input.startDate),
      endDate: dayStart(input.endDate),
    });
    return toAdvertisementDto(await this.repo.findOneByOrFail({ id: Number(inserted.identifiers[0]?.id) }));
  }

  /** Any subset; the end may not fall before the start, whichever of the two is sent. */
  async update(input: AdvertisementUpdateInput): Promise<Advertisement> {
    const { id, startDate, endDate, ...changes } = input;
    const current = await this.repo.findOneBy({ id });
    if (!current) throw notFound(MESSAGES.server.adNotFound);
    const stored = toAdvertisementDto(current);
    const start = startDate ?? stored.startDate;
    const end = endDate ?? stored.endDate;
    if (start && end && end < start) throw badRequest(`endDate: ${MESSAGES.validation.adEndBeforeStart}`);
    await this.repo.update(
      { id },
      {
        ...changes,
        ...(startDate !== undefined ? { startDate: dayStart(startDate) } : {}),
        ...(endDate !== undefined ? { endDate: dayStart(endDate) } : {}),
      },
    );
    return toAdvertisementDto(await this.repo.findOneByOrFail({ id }));
  }

  async delete(id: number): Promise<void> {
    const result = await this.repo.delete({ id });
    if (!result.affected) throw notFound(MESSAGES.server.adNotFound);
  }
}
