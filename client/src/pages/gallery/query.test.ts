import { describe, expect, it } from 'vitest';
import { DEFAULT_GALLERY_QUERY, GALLERY_MAX_PAGES, parseGalleryQuery, withGalleryQuery } from './query';

describe('parseGalleryQuery', () => {
  it('reads the category, the search and the pages shown', () => {
    expect(parseGalleryQuery('?category=JDM&q=supra&pages=3')).toEqual({ category: 'JDM', q: 'supra', pages: 3 });
    expect(parseGalleryQuery('category=Hot+Rod')).toMatchObject({ category: 'Hot Rod' });
    expect(parseGalleryQuery('')).toEqual(DEFAULT_GALLERY_QUERY);
  });

  it('ignores an unknown category and clamps pages to what the gallery can fill', () => {
    expect(parseGalleryQuery('category=Spaceship&pages=999999')).toEqual({
      category: 'All Cars',
      q: '',
      pages: GALLERY_MAX_PAGES,
    });
    expect(GALLERY_MAX_PAGES).toBe(9);
    for (const pages of ['0', '-4', 'abc', '']) expect(parseGalleryQuery(`pages=${pages}`).pages).toBe(1);
  });

  it('trims the search and cuts it to the length the server accepts', () => {
    expect(parseGalleryQuery('q=%20%20').q).toBe('');
    expect(parseGalleryQuery(`q=${'a'.repeat(500)}`).q).toHaveLength(100);
  });
});

describe('withGalleryQuery', () => {
  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(withGalleryQuery('preview=true', { category: 'JDM', q: 'supra gt', pages: 2 })).toBe(
      'preview=true&category=JDM&q=supra+gt&pages=2',
    );
    expect(withGalleryQuery('?category=JDM&pages=4', DEFAULT_GALLERY_QUERY)).toBe('');
  });

  it('round-trips through parseGalleryQuery', () => {
    const query = { category: 'Hot Rod', q: 'a&b=c', pages: 5 } as const;
    expect(parseGalleryQuery(withGalleryQuery('', query))).toEqual(query);
  });
});
