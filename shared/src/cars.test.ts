import { describe, expect, it, vi } from 'vitest';
import {
  additionalSpecsInputSchema,
  carCreateInputSchema,
  carFormSchema,
  carListQuerySchema,
  carSchema,
  carSearchQuerySchema,
  carUpdateInputSchema,
  carYearSchema,
  imageUploadFieldsSchema,
  normalizeSpecs,
} from './cars';
import { issuesOf } from './test-helpers';

const validCar = {
  make: ' Nissan ',
  model: 'Skyline GT-R',
  year: '1999',
  ownerName: 'Kenji',
  category: 'JDM',
  legalAgreement: true,
};

describe('carCreateInputSchema', () => {
  it('accepts the form fields and outputs a number year and an object of specs', () => {
    const car = carCreateInputSchema.parse({ ...validCar, additionalSpecs: '{"engine":"RB26","horsepower":276}' });
    expect(car).toMatchObject({ make: 'Nissan', year: 1999, additionalSpecs: { engine: 'RB26', horsepower: 276 } });
  });

  it.each([
    ['make', 'Make is required'],
    ['model', 'Model is required'],
    ['year', 'Year is required'],
    ['ownerName', 'Owner name is required'],
    ['category', 'Category is required'],
    ['legalAgreement', 'You must agree to the legal terms to upload your car'],
  ])('a missing %s gives %j', (field, message) => {
    const { [field]: _left, ...rest } = validCar as Record<string, unknown>;
    expect(issuesOf(carCreateInputSchema, rest)[field]).toEqual([message]);
  });

  it('treats blank text as missing', () => {
    const issues = issuesOf(carCreateInputSchema, { ...validCar, make: '  ', model: '', ownerName: ' ', year: ' ' });
    expect(issues).toEqual({
      make: ['Make is required'],
      model: ['Model is required'],
      ownerName: ['Owner name is required'],
      year: ['Year is required'],
    });
  });

  it('requires the legal agreement to be ticked, not just present', () => {
    expect(issuesOf(carCreateInputSchema, { ...validCar, legalAgreement: false }).legalAgreement).toEqual([
      'You must agree to the legal terms to upload your car',
    ]);
    expect(issuesOf(carCreateInputSchema, { ...validCar, legalAgreement: 'true' }).legalAgreement).toBeDefined();
  });

  it('rejects a category outside the list', () => {
    expect(issuesOf(carCreateInputSchema, { ...validCar, category: 'Truck' }).category).toEqual([
      'Category is required',
    ]);
  });

  it('strips the slug and ownerId a client sends', () => {
    const car = carCreateInputSchema.parse({ ...validCar, slug: 'mine', ownerId: 99 });
    expect(car).not.toHaveProperty('slug');
    expect(car).not.toHaveProperty('ownerId');
  });

  it('turns blank optional texts into null and defaults specs to {}', () => {
    const car = carCreateInputSchema.parse({ ...validCar, story: '  ', specs: 'Stock' });
    expect(car).toMatchObject({ story: null, specs: 'Stock', additionalSpecs: {} });
  });
});

describe('carYearSchema', () => {
  it.each([
    [1999, 1999],
    ['2024', 2024],
    [' 1965 ', 1965],
  ])('reads %j as %i', (input, year) => {
    expect(carYearSchema.parse(input)).toBe(year);
  });

  it.each([99, '99', '19999', '19a9', 1999.5, '-199', '1e03'])('rejects %j as not a 4-digit year', (input) => {
    expect(issuesOf(carYearSchema, input)['']).toEqual(['Must be a valid 4-digit year']);
  });

  it.each([undefined, null, ''])('says %j is missing', (input) => {
    expect(issuesOf(carYearSchema, input)['']).toEqual(['Year is required']);
  });

  it('takes 1886 (the first car) to next year, computed when the value is checked', () => {
    vi.useFakeTimers({ now: new Date('2026-06-15T12:00:00Z'), toFake: ['Date'] });
    try {
      expect(carYearSchema.parse(1886)).toBe(1886);
      expect(carYearSchema.parse('2027')).toBe(2027);
      expect(issuesOf(carYearSchema, '2028')['']).toEqual(['Enter a year between 1886 and 2027']);
      expect(issuesOf(carYearSchema, 3025)['']).toEqual(['Enter a year between 1886 and 2027']);
      expect(issuesOf(carYearSchema, '1885')['']).toEqual(['Enter a year between 1886 and 2027']);
      // A year later the same schema object takes 2028: the bound is not fixed when the module loads.
      vi.setSystemTime(new Date('2027-06-15T12:00:00Z'));
      expect(carYearSchema.parse('2028')).toBe(2028);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('additionalSpecsInputSchema', () => {
  it('accepts an object or the same object as a JSON string', () => {
    const specs = { engine: 'LS3', horsepower: 430, modified: true };
    expect(additionalSpecsInputSchema.parse(specs)).toEqual(specs);
    expect(additionalSpecsInputSchema.parse(JSON.stringify(specs))).toEqual(specs);
  });

  it('drops blank values and reads empty input as {}', () => {
    expect(additionalSpecsInputSchema.parse({ engine: ' ', transmission: 'Manual' })).toEqual({
      transmission: 'Manual',
    });
    expect(additionalSpecsInputSchema.parse('')).toEqual({});
    expect(additionalSpecsInputSchema.parse(null)).toEqual({});
  });

  it.each(['not json', '[1,2]', '"text"', '42', 'null', '{"nested":{"a":1}}', [1, 2]])('rejects %j', (input) => {
    expect(additionalSpecsInputSchema.safeParse(input).success).toBe(false);
  });

  it('rejects too many entries', () => {
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i]));
    expect(additionalSpecsInputSchema.safeParse(many).success).toBe(false);
  });
});

describe('carUpdateInputSchema', () => {
  it('takes any subset, such as an admin feature toggle', () => {
    expect(carUpdateInputSchema.parse({ id: 4, featured: true })).toEqual({ id: 4, featured: true });
  });

  it('still validates the fields it is given', () => {
    expect(issuesOf(carUpdateInputSchema, { id: 4, year: '99', legalAgreement: false })).toEqual({
      year: ['Must be a valid 4-digit year'],
      legalAgreement: ['You must agree to the legal terms to upload your car'],
    });
  });

  it('leaves absent optional texts undefined so they are not cleared', () => {
    const update = carUpdateInputSchema.parse({ id: 4, make: 'Ford' });
    expect(update).toEqual({ id: 4, make: 'Ford' });
    expect(carUpdateInputSchema.parse({ id: 4, story: '' })).toEqual({ id: 4, story: null });
  });
});

describe('carFormSchema', () => {
  it('folds the spec fields into additionalSpecs', () => {
    const body = carFormSchema.parse({
      ...validCar,
      engine: 'RB26DETT',
      horsepower: '276',
      transmission: '',
      drivetrain: 'AWD',
      modified: true,
    });
    expect(body.additionalSpecs).toEqual({ engine: 'RB26DETT', horsepower: 276, drivetrain: 'AWD', modified: true });
    expect(body.year).toBe(1999);
    expect(carCreateInputSchema.parse(body)).toEqual(body);
  });

  it('keeps a horsepower that is not a plain number as text', () => {
    expect(carFormSchema.parse({ ...validCar, horsepower: '~450' }).additionalSpecs.horsepower).toBe('~450');
  });
});

describe('list queries', () => {
  it('defaults the car list to the gallery fetch of 100', () => {
    expect(carListQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(carListQuerySchema.safeParse({ limit: 101 }).success).toBe(false);
  });

  it('reads featured=false from a query string as false', () => {
    expect(carListQuerySchema.parse({ featured: 'false' }).featured).toBe(false);
    expect(carListQuerySchema.parse({ featured: true }).featured).toBe(true);
  });

  it('needs a search term', () => {
    expect(issuesOf(carSearchQuerySchema, { q: '  ' }).q).toEqual(['Please enter a search term']);
    expect(carSearchQuerySchema.parse({ q: ' supra ' }).q).toBe('supra');
  });
});

describe('imageUploadFieldsSchema', () => {
  it('reads multipart text fields', () => {
    expect(imageUploadFieldsSchema.parse({ carId: '12', isPrimary: 'true' })).toEqual({ carId: 12, isPrimary: true });
    expect(imageUploadFieldsSchema.parse({ carId: '12' })).toEqual({ carId: 12, isPrimary: false });
    expect(imageUploadFieldsSchema.safeParse({ carId: '' }).success).toBe(false);
  });
});

describe('carSchema', () => {
  const car = {
    id: 1,
    slug: 'nissan-skyline-gt-r',
    make: 'Nissan',
    model: 'Skyline GT-R',
    year: 1999,
    category: 'JDM',
    story: null,
    specs: null,
    additionalSpecs: { engine: 'RB26', horsepower: 276, modified: false },
    featured: true,
    published: true,
    legalAgreement: true,
    ownerId: 3,
    ownerName: 'Kenji',
    ownerDetails: { name: 'Kenji', profilePicture: null, role: 'owner', bio: null },
    images: [
      {
        id: 9,
        url: '/api/file/a.jpg',
        isPrimary: true,
        isAdminUploaded: true,
        caption: null,
        fileSize: 1024,
        width: 1600,
        height: 1000,
        variants: { w400: '/api/file/a-400.webp', w800: '/api/file/a-800.webp' },
      },
    ],
    totalVotes: 10,
    lastMonthVotes: 2,
    hasVoted: false,
    createdAt: '2026-03-01T12:00:00.000Z',
  };

  it('accepts a full response and drops internal columns', () => {
    const parsed = carSchema.parse({ ...car, passwordHash: 'x', owner: { passwordHash: 'y' } });
    expect(parsed).toEqual(car);
  });

  it('wants dates as ISO strings', () => {
    expect(carSchema.safeParse({ ...car, createdAt: new Date() }).success).toBe(false);
  });
});

describe('normalizeSpecs', () => {
  it('turns the words of a yes/no spec into a boolean, whatever the sender wrote', () => {
    for (const yes of ['Yes', 'yes', ' TRUE ', 'y', '1', 1, true])
      expect(normalizeSpecs({ modified: yes }).modified).toBe(true);
    for (const no of ['No', 'false', 'n', '0', '', 0, false])
      expect(normalizeSpecs({ modified: no }).modified).toBe(false);
  });

  it('keeps other specs, and a yes/no spec that is neither, as they are', () => {
    expect(normalizeSpecs({ engine: 'Yes', horsepower: 1, modified: 'Stage 2' })).toEqual({
      engine: 'Yes',
      horsepower: 1,
      modified: 'Stage 2',
    });
  });

  it('applies to specs sent to the server, object or JSON string', () => {
    expect(additionalSpecsInputSchema.parse({ modified: 'Yes', engine: 'V8' })).toEqual({
      modified: true,
      engine: 'V8',
    });
    expect(additionalSpecsInputSchema.parse('{"modified":"No"}')).toEqual({ modified: false });
  });
});
