import { z } from 'zod';
import {
  centsSchema,
  countSchema,
  idSchema,
  imageUrlSchema,
  optionalText,
  pageQuerySchema,
  requiredText,
} from './common';
import { PRODUCT_CATEGORIES } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { dollarsToCents } from './money';

// Products: prints (isMerch false) and merchandise (isMerch true) (part 1 §3, §7; part 2 §2, §3, §5, §7).

const V = MESSAGES.validation;

export const productCategorySchema = z.enum(PRODUCT_CATEGORIES, { error: V.productCategoryRequired });

export const productSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  category: productCategorySchema,
  price: centsSchema,
  shippingFee: centsSchema,
  stock: countSchema,
  sku: z.string(),
  imageUrl: z.string().nullable(),
  featured: z.boolean(),
  active: z.boolean(),
  isMerch: z.boolean(),
  /** A print's size in inches ('12x18'); null for merchandise. */
  printSize: z.string().nullable(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/products and GET /api/merch. */
export const productListSchema = z.array(productSchema);

/** GET /api/products?limit=100. The public list has active products only; an admin also gets inactive ones. */
export const productListQuerySchema = pageQuerySchema;

/** POST /api/products/upload-image (multipart `image`). */
export const productImageUploadOutputSchema = z.object({ imageUrl: z.string() });

// ---- Admin create and update -----------------------------------------------------------------------------------

const priceCentsSchema = z
  .number({ error: V.priceMin })
  .int(V.amountInvalid)
  .min(1, V.priceMin)
  .max(LIMITS.priceMaxCents, V.priceTooHigh);
const shippingFeeCentsSchema = z
  .number({ error: V.amountInvalid })
  .int(V.amountInvalid)
  .min(0, V.shippingFeeNegative)
  .max(LIMITS.priceMaxCents, V.priceTooHigh);
const stockSchema = z
  .number({ error: V.stockWhole })
  .int(V.stockWhole)
  .min(0, V.stockNegative)
  .max(LIMITS.stockMax, V.stockWhole);

const productFields = {
  name: requiredText(V.productNameRequired, LIMITS.titleMax),
  description: optionalText(LIMITS.descriptionMax),
  category: productCategorySchema,
  price: priceCentsSchema,
  shippingFee: shippingFeeCentsSchema,
  stock: stockSchema,
  sku: requiredText(V.skuRequired, LIMITS.skuMax),
  imageUrl: imageUrlSchema(V.imageUrlInvalid).nullish(),
  featured: z.boolean(),
  active: z.boolean(),
  isMerch: z.boolean(),
};

/** POST /api/products: amounts in cents. */
export const productCreateInputSchema = z.object({
  ...productFields,
  shippingFee: shippingFeeCentsSchema.default(LIMITS.defaultShippingFeeCents),
  featured: z.boolean().default(false),
  active: z.boolean().default(true),
  isMerch: z.boolean().default(false),
});
export type ProductCreateInput = z.infer<typeof productCreateInputSchema>;

/** PUT /api/products/{id}: any subset (the Active toggle sends only { id, active }). */
export const productUpdateInputSchema = z.object(productFields).partial().extend({ id: idSchema });
export type ProductUpdateInput = z.infer<typeof productUpdateInputSchema>;

/** A dollar amount as typed ('19.99' or 19.99) → cents; a non-amount gets `message`. */
function dollarsField(message: string) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const cents = dollarsToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });
}

/**
 * The admin product form (part 2 §5): price and shipping fee typed in dollars. `productFormSchema.parse(values)`
 * is the body of the create or update call, in cents.
 */
export const productFormSchema = z.object({
  ...productFields,
  price: dollarsField(V.priceFormat).pipe(priceCentsSchema),
  shippingFee: dollarsField(V.amountInvalid).pipe(shippingFeeCentsSchema),
  stock: z
    .union([z.string(), z.number()], { error: V.stockWhole })
    .transform((value) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value)))
    .pipe(stockSchema),
  imageUrl: z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(imageUrlSchema(V.imageUrlInvalid).nullable()),
});
export type ProductFormValues = z.input<typeof productFormSchema>;

// The stock rules shown on the merchandise page live in stock.ts, a module without zod, so that page does not load zod.
export { merchQuantityOptions, stockNotice } from './stock';

/** A print's size as its name gives it ('Canvas Print 24x36' → '24x36'); null when the name has none. */
export function printSizeFromName(name: string): string | null {
  const match = /(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)/i.exec(name);
  return match ? `${match[1]}x${match[2]}` : null;
}
