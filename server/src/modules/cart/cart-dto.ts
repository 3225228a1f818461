import type { CartItem } from '@curbside/shared';
import type { CartItemEntity } from './cart-item.entity';

/** A cart line as the client sees it: the unit price is always the product's current price. */
export function toCartItemDto(line: CartItemEntity): CartItem {
  const p = line.product;
  return {
    id: line.id,
    price: p.price,
    quantity: line.quantity,
    productId: p.id,
    imageId: line.imageId,
    car: line.car ? { id: line.car.id, make: line.car.make, model: line.car.model } : null,
    image: line.image ? { url: line.image.url } : null,
    product: {
      id: p.id,
      name: p.name,
      description: p.description,
      imageUrl: p.imageUrl,
      shippingFee: p.shippingFee,
    },
    printSize: p.isMerch ? null : p.printSize,
    printType: p.isMerch ? null : p.printType,
  };
}
