import {
  MESSAGES,
  type PageQuery,
  type Product,
  type ProductCreateInput,
  type ProductUpdateInput,
  printSizeFromName,
} from '@curbside/shared';
import type { DataSource, FindOptionsWhere } from 'typeorm';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../errors';
import { ProductEntity } from './product.entity';
import { toProductDto } from './product-dto';

const S = MESSAGES.server;

/** Print type shown on cart lines and order items, by product category (merchandise has none). */
const PRINT_TYPES: Partial<Record<ProductEntity['category'], string>> = {
  poster: 'Poster Print',
  canvas: 'Canvas Print',
  framed: 'Framed Print',
};

/** What a print shows beside its name, derived from the fields the admin form edits. */
function printDetails(p: Pick<ProductEntity, 'name' | 'category' | 'isMerch'>) {
  if (p.isMerch) return { printSize: null, printType: null };
  return { printSize: printSizeFromName(p.name), printType: PRINT_TYPES[p.category] ?? null };
}

/**
 * The catalogue: read by everyone (active products only; the admin list may include inactive ones), managed by the
 * admin (the procedures check the role). Deleting a product removes it from every cart (the cart_items foreign key
 * cascades); order items keep their name, picture and price as they were sold.
 */
export class ProductsService {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(ProductEntity);
  }

  /** GET /api/products: prints and merchandise, featured first, then by name. */
  async list(query: PageQuery, options: { includeInactive?: boolean } = {}): Promise<Product[]> {
    const where: FindOptionsWhere<ProductEntity> = options.includeInactive ? {} : { active: true };
    const rows = await this.repo.find({
      where,
      order: { featured: 'DESC', name: 'ASC', id: 'ASC' },
      take: query.limit,
      skip: query.offset,
    });
    return rows.map(toProductDto);
  }

  /** GET /api/merch: active merchandise. */
  async listMerch(): Promise<Product[]> {
    const rows = await this.repo.find({
      where: { active: true, isMerch: true },
      order: { featured: 'DESC', name: 'ASC', id: 'ASC' },
    });
    return rows.map(toProductDto);
  }

  async create(input: ProductCreateInput): Promise<Product> {
    const fields = { ...input, description: input.description ?? null, imageUrl: input.imageUrl ?? null };
    const id = await this.saving(input.sku, async () => {
      const inserted = await this.repo.insert({ ...fields, ...printDetails(fields) });
      return Number(inserted.identifiers[0]?.id);
    });
    return toProductDto(await this.repo.findOneByOrFail({ id }));
  }

  async update(input: ProductUpdateInput): Promise<Product> {
    const { id, ...changes } = input;
    const current = await this.repo.findOneBy({ id });
    if (!current) throw notFound(S.productNotFound);
    const next = { ...current, ...changes };
    await this.saving(changes.sku ?? current.sku, () =>
      this.repo.update({ id }, { ...changes, ...printDetails(next) }),
    );
    return toProductDto(await this.repo.findOneByOrFail({ id }));
  }

  async delete(id: number): Promise<void> {
    const result = await this.repo.delete({ id });
    if (!result.affected) throw notFound(S.productNotFound);
  }

  /** Runs a write; a duplicate SKU (checked by the unique index, so two admins at once cannot both win) is a 409. */
  private async saving<T>(sku: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(S.skuTaken(sku));
      throw error;
    }
  }
}
