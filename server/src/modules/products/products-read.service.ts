import type { PageQuery, Product } from '@curbside/shared';
import type { DataSource, FindOptionsWhere } from 'typeorm';
import { ProductEntity } from './product.entity';
import { toProductDto } from './product-dto';

// Reading the catalogue. The public sees active products only; the admin list (issue 6) may include inactive ones.

export class ProductsReadService {
  constructor(private readonly ds: DataSource) {}

  /** GET /api/products: prints and merchandise, featured first, then by name. */
  async list(query: PageQuery, options: { includeInactive?: boolean } = {}): Promise<Product[]> {
    const where: FindOptionsWhere<ProductEntity> = options.includeInactive ? {} : { active: true };
    const rows = await this.ds.getRepository(ProductEntity).find({
      where,
      order: { featured: 'DESC', name: 'ASC', id: 'ASC' },
      take: query.limit,
      skip: query.offset,
    });
    return rows.map(toProductDto);
  }

  /** GET /api/merch: active merchandise. */
  async listMerch(): Promise<Product[]> {
    const rows = await this.ds.getRepository(ProductEntity).find({
      where: { active: true, isMerch: true },
      order: { featured: 'DESC', name: 'ASC', id: 'ASC' },
    });
    return rows.map(toProductDto);
  }
}
