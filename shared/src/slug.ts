import { LIMITS } from './limits';

// URL slugs. The server makes a car's slug unique itself (part 2 §5: make and model plus a suffix).

// Letters that Unicode does not decompose into an ASCII letter plus an accent.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * "Citroën DS 21 Pallas!" → "citroen-ds-21-pallas". Lower-cases, folds accents to ASCII, turns every run of
 * other characters into one hyphen, trims hyphens at both ends, and cuts at maxLength without a trailing hyphen.
 * Text with no latin letters or digits gives ''.
 */
export function slugify(text: string, maxLength: number = LIMITS.slugMax): string {
  return text
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // the accents split off by NFKD
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}

/** The readable part of a car's slug; 'car' when make and model have no latin letters or digits. */
export function carSlugBase(make: string, model: string): string {
  return slugify(`${make} ${model}`, LIMITS.carSlugBaseMax) || 'car';
}
