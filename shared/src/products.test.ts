import { describe, expect, it } from 'vitest';
import {
  merchQuantityOptions,
  productCreateInputSchema,
  productFormSchema,
  productUpdateInputSchema,
  stockNotice,
} from './products';
import { issuesOf } from './test-helpers';

const form = {
  name: 'Canvas Print',
  description: '',
  category: 'canvas',
  price: '19.99',
  shippingFee: '10',
  stock: '25',
  sku: 'CNV-1',
  imageUrl: '',
  featured: false,
  active: true,
  isMerch: false,
};

describe('productFormSchema', () => {
  it('turns dollars into cents, exactly', () => {
    expect(productFormSchema.parse(form)).toEqual({
      name: 'Canvas Print',
      description: null,
      category: 'canvas',
      price: 1999,
      shippingFee: 1000,
      stock: 25,
      sku: 'CNV-1',
      imageUrl: null,
      featured: false,
      active: true,
      isMerch: false,
    });
  });

  it('gives the spec messages', () => {
    expect(
      issuesOf(productFormSchema, {
        ...form,
        name: ' ',
        category: '',
        price: '0',
        shippingFee: '-1',
        stock: '-2',
        sku: '',
      }),
    ).toEqual({
      name: ['Product name is required'],
      category: ['Please select a category'],
      price: ['Price must be at least $0.01'],
      shippingFee: ['Shipping fee cannot be negative'],
      stock: ['Stock cannot be negative'],
      sku: ['SKU is required'],
    });
  });

  it('accepts a price of one cent and rejects three decimals', () => {
    expect(productFormSchema.parse({ ...form, price: '0.01' }).price).toBe(1);
    // Not dollars and cents: the form says how to type a price, not a minimum the typed value may well exceed.
    for (const typed of ['12.345', '1.234', 'abc', ''])
      expect(issuesOf(productFormSchema, { ...form, price: typed }).price).toEqual([
        'Enter a price in dollars and cents, like 12.34',
      ]);
  });

  it('accepts an uploaded image path or an http URL, nothing else', () => {
    expect(productFormSchema.parse({ ...form, imageUrl: '/api/file/p.jpg' }).imageUrl).toBe('/api/file/p.jpg');
    expect(productFormSchema.parse({ ...form, imageUrl: 'https://cdn.example/p.jpg' }).imageUrl).toBe(
      'https://cdn.example/p.jpg',
    );
    expect(issuesOf(productFormSchema, { ...form, imageUrl: 'javascript:alert(1)' }).imageUrl).toEqual([
      'Please enter a valid URL or upload an image',
    ]);
  });

  it('wants whole stock', () => {
    expect(issuesOf(productFormSchema, { ...form, stock: '2.5' }).stock).toEqual(['Stock must be a whole number']);
    expect(issuesOf(productFormSchema, { ...form, stock: '' }).stock).toEqual(['Stock must be a whole number']);
  });
});

describe('productCreateInputSchema', () => {
  it('takes cents and fills the defaults', () => {
    const product = productCreateInputSchema.parse({
      name: 'Tee',
      category: 'apparel',
      price: 2500,
      stock: 3,
      sku: 'T-1',
    });
    expect(product).toMatchObject({ shippingFee: 1000, featured: false, active: true, isMerch: false });
  });

  it('rejects fractions of a cent and a zero price', () => {
    expect(issuesOf(productCreateInputSchema, { name: 'x', category: 'poster', price: 0, stock: 0, sku: 's' })).toEqual(
      { price: ['Price must be at least $0.01'] },
    );
    expect(
      productCreateInputSchema.safeParse({ name: 'x', category: 'poster', price: 19.99, stock: 0, sku: 's' }).success,
    ).toBe(false);
  });

  it('lets the Active toggle send only id and active', () => {
    expect(productUpdateInputSchema.parse({ id: 2, active: false })).toEqual({ id: 2, active: false });
  });
});

describe('merchandise rules', () => {
  it('offers 1 to the smaller of 10 and the stock', () => {
    expect(merchQuantityOptions(25)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(merchQuantityOptions(3)).toEqual([1, 2, 3]);
    expect(merchQuantityOptions(0)).toEqual([]);
  });

  it('warns at 5 or fewer and says out of stock at 0', () => {
    expect(stockNotice(6)).toBeNull();
    expect(stockNotice(5)).toBe('Only 5 left in stock!');
    expect(stockNotice(1)).toBe('Only 1 left in stock!');
    expect(stockNotice(0)).toBe('Out of stock');
  });
});
