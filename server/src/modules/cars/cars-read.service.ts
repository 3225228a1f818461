import type { Car, CarListQuery, CarSearchQuery } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { notFound } from '../../errors';
import { CarEntity } from './car.entity';
import { type CarViewer, loadCarDtos } from './car-dto';

export const CAR_NOT_FOUND = 'Car not found';

/** The `!` escapes LIKE's wildcards, so a search for "50%" or "a_b" matches those characters literally. */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
}

/** The read side of cars: lists, search and one car, always as the public DTO. */
export class CarsReadService {
  constructor(private readonly ds: DataSource) {}

  private get cars() {
    return this.ds.getRepository(CarEntity);
  }

  /** Newest first (the gallery and home); optionally only featured cars or one category. */
  async list(query: CarListQuery, viewer: CarViewer): Promise<Car[]> {
    const cars = await this.cars.find({
      where: {
        ...(query.featured !== undefined ? { featured: query.featured } : {}),
        ...(query.category ? { category: query.category } : {}),
      },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: query.limit,
      skip: query.offset,
    });
    return loadCarDtos(this.ds, cars, viewer);
  }

  /** Make, model or owner name containing the text, ignoring case; %, _ and quotes are plain characters. */
  async search(query: CarSearchQuery, viewer: CarViewer): Promise<Car[]> {
    const pattern = likeContains(query.q);
    const cars = await this.cars
      .createQueryBuilder('car')
      .where(
        `(LOWER(car.make) LIKE :pattern ESCAPE '!' OR LOWER(car.model) LIKE :pattern ESCAPE '!'
          OR LOWER(car.ownerName) LIKE :pattern ESCAPE '!')`,
        { pattern },
      )
      .orderBy('car.createdAt', 'DESC')
      .addOrderBy('car.id', 'DESC')
      .take(query.limit)
      .getMany();
    return loadCarDtos(this.ds, cars, viewer);
  }

  async bySlug(slug: string, viewer: CarViewer): Promise<Car> {
    const car = await this.cars.findOneBy({ slug });
    if (!car) throw notFound(CAR_NOT_FOUND);
    const [dto] = await loadCarDtos(this.ds, [car], viewer);
    return dto;
  }

  async byId(id: number, viewer: CarViewer): Promise<Car> {
    const car = await this.cars.findOneBy({ id });
    if (!car) throw notFound(CAR_NOT_FOUND);
    const [dto] = await loadCarDtos(this.ds, [car], viewer);
    return dto;
  }
}
