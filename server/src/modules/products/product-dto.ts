import type { Product } from '@curbside/shared';
import type { ProductEntity } from './product.entity';

/** The response shape of a product (never the raw row). */
export function toProductDto(p: ProductEntity): Product {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    category: p.category,
    price: p.price,
    shippingFee: p.shippingFee,
    stock: p.stock,
    sku: p.sku,
    imageUrl: p.imageUrl,
    featured: p.featured,
    active: p.active,
    isMerch: p.isMerch,
    printSize: p.isMerch ? null : p.printSize,
  };
}
