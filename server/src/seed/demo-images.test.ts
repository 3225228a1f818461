import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadSharp } from '../lib/sharp';
import { DEMO_CARS, DEMO_EVENTS, DEMO_PRODUCTS } from './demo-data';
import { CAR_VIEWS, carSceneSvg, meetSvg, productSvg } from './demo-images';

const MARK = 'DEMO ILLUSTRATION';

/** The picture as a visitor sees it, small: raw pixels at a quarter of the size. */
async function pixels(svg: string): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg), { density: 18 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const hash = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The mean brightness (0–255) of a w×h box of the picture's pixels at (x, y). */
function brightness(img: { data: Buffer; width: number }, x: number, y: number, w: number, h: number): number {
  let sum = 0;
  for (let row = y; row < y + h; row++)
    for (let col = x; col < x + w; col++) {
      const i = (row * img.width + col) * 3;
      sum += 0.2126 * (img.data[i] ?? 0) + 0.7152 * (img.data[i + 1] ?? 0) + 0.0722 * (img.data[i + 2] ?? 0);
    }
  return sum / (w * h);
}

describe('demo car photos', () => {
  it('name no car (the page does) and carry only the demo mark, away from the card badges', () => {
    for (const car of DEMO_CARS)
      for (const n of CAR_VIEWS.keys()) {
        const svg = carSceneSvg(car, n);
        expect(svg).toMatch(/^<svg [^>]*width="1600" height="1000"/);
        expect(svg).not.toContain(car.model);
        expect(svg.match(/<text[^>]*>([^<]*)</g)?.map((t) => t.replace(/<text[^>]*>/, '').slice(0, -1))).toEqual([
          MARK,
        ]);
        // The mark's pill sits top right, clear of the card's top-left badges, and inside the 3:2 card, 16:9 slider
        // and 1.9:1 share-image crops of the 16:10 picture (x 50–1550, y 79–921): it shows wherever the photo does.
        const [, x, y, w] = svg.match(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"[^>]*fill-opacity="0.5"/) ?? [];
        expect(Number(x)).toBeGreaterThan(1200);
        expect(Number(x) + Number(w)).toBeLessThanOrEqual(1550);
        expect(Number(y)).toBeGreaterThanOrEqual(79);
        expect(Number(y)).toBeLessThan(200);
      }
  });

  it('give every car a picture of its own: its body, paint and scene', async () => {
    const primaries = await Promise.all(DEMO_CARS.map((car) => pixels(carSceneSvg(car, 0))));
    expect(new Set(primaries.map((p) => hash(p.data))).size).toBe(DEMO_CARS.length);
    expect(new Set(DEMO_CARS.map((car) => `${car.body} ${car.color}`)).size).toBe(DEMO_CARS.length);
    expect(new Set(DEMO_CARS.map((car) => car.body)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(DEMO_CARS.map((car) => car.scene))).toEqual(new Set(['dusk', 'garage', 'night', 'track']));
    // A car that is not a coupe is not drawn as one.
    const bodyOf = (slug: string) => DEMO_CARS.find((car) => car.slug === slug)?.body;
    expect(bodyOf('toyota-land-cruiser-fj60')).toBe('wagon');
    expect(bodyOf('ford-model-b-deuce-roadster')).toBe('roadster');
    expect(bodyOf('porsche-911-carrera-3-2')).toBe('rear-engine');
  });

  it("show a car from a different angle in each of its photos, night scenes darker than day's", async () => {
    const car = DEMO_CARS.find((c) => c.photos === 4);
    expect(car).toBeDefined();
    if (!car) return;
    const views = await Promise.all(CAR_VIEWS.map((_, n) => pixels(carSceneSvg(car, n))));
    expect(new Set(views.map((v) => hash(v.data))).size).toBe(CAR_VIEWS.length);

    const sky = async (scene: 'night' | 'track') => {
      const c = DEMO_CARS.find((d) => d.scene === scene);
      if (!c) throw new Error(`No demo car is shot at ${scene}`);
      const img = await pixels(carSceneSvg(c, 0));
      return brightness(img, 20, 20, 100, 60); // the top-left of the sky, clear of the demo mark
    };
    expect(await sky('night')).toBeLessThan(40);
    expect(await sky('track')).toBeGreaterThan(120);
  });
});

describe('demo product pictures', () => {
  it('show each product on a dark ground, each its own picture, with the demo mark', async () => {
    const svgs = DEMO_PRODUCTS.map((p) =>
      productSvg(
        p.art,
        p.color,
        DEMO_CARS.find((car) => car.slug === p.printOf),
      ),
    );
    const images = await Promise.all(svgs.map(pixels));
    expect(new Set(images.map((i) => hash(i.data))).size).toBe(DEMO_PRODUCTS.length);
    for (const [i, img] of images.entries()) {
      expect(svgs[i]).toContain(MARK);
      // Inside the 4:3 cut the shop's cards make of the square picture (y 125–875).
      const [, y, h] =
        svgs[i]?.match(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"[^>]*fill-opacity="0.5"/) ?? [];
      expect(Number(y)).toBeGreaterThanOrEqual(125);
      expect(Number(y) + Number(h)).toBeLessThanOrEqual(875);
      expect(svgs[i]).not.toContain(DEMO_PRODUCTS[i]?.name);
      expect(img.width).toBe(img.height);
      const edge = Math.round(img.width / 25);
      // The bottom corners: ground, never a bright grey panel.
      expect(brightness(img, 0, img.height - edge, edge, edge)).toBeLessThan(60);
      expect(brightness(img, img.width - edge, img.height - edge, edge, edge)).toBeLessThan(60);
    }
  });
});

describe('demo event pictures', () => {
  const carNamed = (slug: string) => {
    const car = DEMO_CARS.find((c) => c.slug === slug);
    if (!car) throw new Error(`No demo car '${slug}'`);
    return car;
  };
  const svgs = DEMO_EVENTS.map(({ picture }) => {
    const [a, b, c] = picture.cars;
    return meetSvg(picture.scene, [carNamed(a), carNamed(b), carNamed(c)]);
  });

  it('show three cars at each meet, each event its own picture, with the demo mark in the card band', async () => {
    const images = await Promise.all(svgs.map(pixels));
    expect(new Set(images.map((i) => hash(i.data))).size).toBe(DEMO_EVENTS.length);
    for (const [i, svg] of svgs.entries()) {
      expect(new Set(DEMO_EVENTS[i]?.picture.cars).size).toBe(3);
      expect(svg.match(/<text[^>]*>([^<]*)</g)?.map((t) => t.replace(/<text[^>]*>/, '').slice(0, -1))).toEqual([MARK]);
      // The mark sits top right inside what a card shows of the picture (viewBox 0 120 1600 860): 200 px tall and
      // 1.5:1 to 2:1 wide (phones to three columns), it shows x 155–1445 and y 150–950 at the least.
      const [, x, y, w, h] =
        svg.match(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]*fill-opacity="0.5"/) ?? [];
      expect(Number(x)).toBeGreaterThan(1100);
      expect(Number(x) + Number(w)).toBeLessThanOrEqual(1445);
      expect(Number(y)).toBeGreaterThanOrEqual(150);
      expect(Number(y) + Number(h)).toBeLessThan(300);
      // Each car's paint, glass and lights are its own: no gradient or clip path id is defined twice.
      const ids = [...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
      expect(ids.length).toBeGreaterThan(20);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
