import { z } from 'zod';
import { centsSchema, idSchema } from './common';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

// The cart (part 1 §3, §7; part 2 §2, §3, §5, §7). Prices always come from the server's products.

const V = MESSAGES.validation;

export const cartQuantitySchema = z
  .number({ error: V.quantityMin })
  .int(V.quantityMin)
  .min(LIMITS.cartQuantityMin, V.quantityMin)
  .max(LIMITS.cartQuantityMax, V.quantityMax);

export const cartItemSchema = z.object({
  id: idSchema,
  /** Price of one unit in cents, the product's current price. The line costs price × quantity. */
  price: centsSchema,
  quantity: z.number().int().positive(),
  productId: idSchema,
  imageId: idSchema.nullable(),
  car: z.object({ id: idSchema, make: z.string(), model: z.string() }).nullable(),
  image: z.object({ url: z.string() }).nullable(),
  product: z.object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    shippingFee: centsSchema,
  }),
  /** Products carry no size field; null unless the server knows one. */
  printSize: z.string().nullable(),
  /** 'Canvas Print' and the like, from the product category; null for merchandise. */
  printType: z.string().nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** GET /api/cart. */
export const cartSchema = z.array(cartItemSchema);

/**
 * POST /api/cart: a print (carId, imageId, productId) or merchandise (productId). The spec's client also sends a
 * price; it is stripped here, because the server charges its own price. The server checks that the image belongs
 * to the car and that prints have an image.
 */
export const addToCartInputSchema = z.object({
  carId: idSchema.optional(),
  imageId: idSchema.optional(),
  productId: idSchema,
  quantity: cartQuantitySchema.default(1),
});
export type AddToCartInput = z.infer<typeof addToCartInputSchema>;

/** PUT /api/cart/{id}. */
export const updateCartItemInputSchema = z.object({ id: idSchema, quantity: cartQuantitySchema });
export type UpdateCartItemInput = z.infer<typeof updateCartItemInputSchema>;

// normalizeQuantity lives in quantity.ts, a module without zod, so the quantity stepper does not load zod.
export { normalizeQuantity } from './quantity';
