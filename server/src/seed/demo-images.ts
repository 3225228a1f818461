import { loadSharp } from '../lib/sharp';
import type { Storage } from '../lib/storage';

// Demo pictures drawn as SVG and rasterised with sharp: a sky, a road and a stylised car in the car's colour.
// Kept deliberately simple so the whole demo set renders in a few seconds on two cores.

export type BodyStyle = 'coupe' | 'muscle' | 'wedge' | 'classic' | 'hotrod';

export interface CarPicture {
  make: string;
  model: string;
  year: number;
  color: string;
  body: BodyStyle;
}

export interface WrittenImage {
  storageKey: string;
  url: string;
  width: number;
  height: number;
  fileSize: number;
  variants: { w400: string; w800: string; w1600: string } | null;
}

/** Top, middle and bottom colours of a sky gradient. */
type Sky = readonly [string, string, string];

const SKIES: readonly [Sky, ...Sky[]] = [
  ['#0f2a4a', '#3f7cb8', '#f6c28b'], // dusk
  ['#2b73c9', '#7fb6ec', '#dbeefb'], // midday
  ['#1b1035', '#5b2a6e', '#f0785a'], // sunset
  ['#05070f', '#16213e', '#3a4a6b'], // night
];

/** The n-th item of a non-empty list, going round (the fallback never applies: n % length is an index). */
function cyclic<T>(list: readonly [T, ...T[]], n: number): T {
  return list[n % list.length] ?? list[0];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The body outline of each style, drawn for a car 1000 units long standing on y = 0. */
const BODIES: Record<BodyStyle, { body: string; cabin: string; wheels: [number, number]; r: number }> = {
  coupe: {
    body: 'M0,-60 Q10,-150 120,-160 L300,-175 Q420,-300 620,-290 Q760,-280 860,-180 L960,-165 Q1000,-150 1000,-80 L1000,-40 Q990,-20 960,-20 L40,-20 Q0,-20 0,-60 Z',
    cabin: 'M360,-180 Q450,-275 610,-272 Q720,-265 810,-185 Z',
    wheels: [210, 790],
    r: 85,
  },
  muscle: {
    body: 'M0,-70 L0,-170 Q20,-190 200,-195 L330,-200 Q420,-300 600,-300 Q720,-300 790,-205 L980,-190 Q1000,-180 1000,-120 L1000,-40 Q995,-20 970,-20 L30,-20 Q0,-20 0,-70 Z',
    cabin: 'M370,-205 Q440,-282 600,-284 Q700,-284 760,-208 Z',
    wheels: [200, 800],
    r: 90,
  },
  wedge: {
    body: 'M0,-50 Q0,-110 80,-125 L380,-190 Q500,-255 640,-250 Q780,-240 900,-170 L990,-150 Q1000,-120 1000,-70 L1000,-40 Q990,-20 960,-20 L40,-20 Q0,-20 0,-50 Z',
    cabin: 'M430,-195 Q520,-242 640,-238 Q740,-230 830,-175 Z',
    wheels: [205, 800],
    r: 88,
  },
  classic: {
    body: 'M0,-60 Q0,-170 140,-185 L260,-190 Q330,-330 540,-335 Q720,-335 780,-200 L930,-185 Q1000,-175 1000,-100 L1000,-45 Q990,-20 960,-20 L40,-20 Q0,-20 0,-60 Z',
    cabin: 'M300,-195 Q360,-312 540,-316 Q690,-316 745,-200 Z',
    wheels: [200, 790],
    r: 92,
  },
  hotrod: {
    body: 'M20,-120 L20,-230 L300,-240 L330,-390 L640,-390 L660,-250 L900,-230 Q990,-220 990,-150 L990,-110 L800,-100 L260,-100 Z',
    cabin: 'M355,-255 L370,-370 L615,-370 L630,-255 Z',
    wheels: [190, 810],
    r: 115,
  },
};

function carSvg(car: CarPicture, x: number, y: number, scale: number, flip: boolean): string {
  const b = BODIES[car.body];
  const t = `translate(${x},${y}) scale(${flip ? -scale : scale},${scale})${flip ? ' translate(-1000,0)' : ''}`;
  const wheel = (cx: number) =>
    `<circle cx="${cx}" cy="-${b.r - 5}" r="${b.r}" fill="#111"/><circle cx="${cx}" cy="-${b.r - 5}" r="${b.r * 0.55}" fill="#9aa3ad"/><circle cx="${cx}" cy="-${b.r - 5}" r="${b.r * 0.15}" fill="#333"/>`;
  return `<g transform="${t}">
<ellipse cx="500" cy="-5" rx="520" ry="28" fill="#000" opacity="0.35"/>
<path d="${b.body}" fill="${car.color}" stroke="#0b0b0b" stroke-width="6"/>
<path d="${b.cabin}" fill="#1d2a36" opacity="0.9"/>
<path d="M40,-95 L960,-95" stroke="#ffffff" stroke-opacity="0.25" stroke-width="10"/>
<rect x="965" y="-140" width="30" height="22" rx="6" fill="#fff6c8"/>
<rect x="5" y="-140" width="20" height="22" rx="6" fill="#d7263d"/>
${wheel(b.wheels[0])}${wheel(b.wheels[1])}
</g>`;
}

/**
 * A 1600×1000 scene: sky, sun or moon, skyline, road and the car; photo n varies the light and the angle. No caption:
 * the page names the car, and the card's badges sit on the picture's top-left corner.
 */
export function carSceneSvg(car: CarPicture, n: number): string {
  const [top, mid, low] = cyclic(SKIES, n);
  const flip = n % 2 === 1;
  const scale = cyclic([1.15, 1.0, 1.3, 0.9], n);
  const x = flip ? 1600 - 120 - 1000 * scale : 120;
  const skyline = Array.from({ length: 14 }, (_, i) => {
    const h = 60 + ((i * 37 + n * 53) % 140);
    return `<rect x="${i * 118}" y="${640 - h}" width="100" height="${h}" fill="#000" opacity="0.28"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.6" stop-color="${mid}"/><stop offset="1" stop-color="${low}"/></linearGradient>
<linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b3f45"/><stop offset="1" stop-color="#15171a"/></linearGradient></defs>
<rect width="1600" height="640" fill="url(#sky)"/>
<circle cx="${300 + n * 330}" cy="${180 + (n % 2) * 60}" r="70" fill="#fff3c4" opacity="${n === 3 ? 0.6 : 0.85}"/>
${skyline}
<rect y="640" width="1600" height="360" fill="url(#road)"/>
<path d="M0,790 L1600,790" stroke="#e8c547" stroke-width="10" stroke-dasharray="90 70"/>
${carSvg(car, x, 900, scale, flip)}
</svg>`;
}

/** A product mock-up: a framed print, a canvas, a sticker sheet, a tee… drawn simply in the product's colour. */
export function productSvg(label: string, kind: string, color: string): string {
  const art =
    {
      print: `<rect x="250" y="120" width="500" height="700" fill="#fff" stroke="#222" stroke-width="${kind === 'framed' ? 40 : 6}"/><rect x="300" y="170" width="400" height="520" fill="${color}"/><circle cx="500" cy="430" r="120" fill="#fff" opacity="0.35"/>`,
      apparel: `<path d="M300,200 L420,150 Q500,210 580,150 L700,200 L780,340 L690,380 L690,820 L310,820 L310,380 L220,340 Z" fill="${color}" stroke="#222" stroke-width="6"/><circle cx="500" cy="420" r="90" fill="#fff" opacity="0.8"/>`,
      sticker: `<circle cx="380" cy="380" r="170" fill="${color}" stroke="#fff" stroke-width="16"/><rect x="520" y="470" width="260" height="260" rx="40" fill="${color}" opacity="0.8" stroke="#fff" stroke-width="16"/>`,
      keychain: `<circle cx="500" cy="220" r="70" fill="none" stroke="#9aa3ad" stroke-width="22"/><rect x="330" y="300" width="340" height="420" rx="40" fill="${color}"/><rect x="390" y="380" width="220" height="220" fill="#fff"/><rect x="410" y="400" width="60" height="60" fill="#111"/><rect x="530" y="400" width="60" height="60" fill="#111"/><rect x="410" y="520" width="60" height="60" fill="#111"/><rect x="500" y="500" width="30" height="30" fill="#111"/>`,
    }[kind === 'poster' || kind === 'canvas' || kind === 'framed' ? 'print' : kind] ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">
<rect width="1000" height="1000" fill="#eef1f4"/>${art}
<text x="500" y="920" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="52" font-weight="bold" fill="#222">${esc(label)}</text>
</svg>`;
}

/** An advertisement of the given size with a headline and a call to action. */
export function adSvg(width: number, height: number, headline: string, cta: string, color: string): string {
  const vertical = height > width;
  const size = vertical ? 20 : Math.round(height * 0.32);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<text x="${vertical ? width / 2 : 24}" y="${vertical ? 80 : height * 0.6}" ${vertical ? 'text-anchor="middle"' : ''} font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${size}" font-weight="bold" fill="#fff">${esc(headline)}</text>
<rect x="${vertical ? 10 : width - 190}" y="${vertical ? height - 70 : height / 2 - 22}" width="${vertical ? width - 20 : 170}" height="44" rx="22" fill="#fff"/>
<text x="${vertical ? width / 2 : width - 105}" y="${vertical ? height - 41 : height / 2 + 7}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${vertical ? 15 : 20}" font-weight="bold" fill="#111">${esc(cta)}</text>
</svg>`;
}

const VARIANT_WIDTHS = [400, 800, 1600] as const;

/**
 * Renders `svg` once and stores it at `<key>` as JPEG in the photo storage (local disk or the S3 bucket, like an
 * upload); with `variants`, also `-w400/-w800/-w1600.webp` beside it (the naming the upload pipeline uses). Keys use forward slashes; URLs are `/api/file/<key>`.
 */
export async function writeSvgImage(
  storage: Storage,
  key: string,
  svg: string,
  options: { variants: boolean },
): Promise<WrittenImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const jpeg = await sharp(data, raw).jpeg({ quality: 82, mozjpeg: false }).toBuffer();
  await storage.put(key, jpeg, { contentType: 'image/jpeg' });

  let variants: WrittenImage['variants'] = null;
  if (options.variants) {
    const base = key.replace(/\.jpg$/, '');
    const variantKey = (w: (typeof VARIANT_WIDTHS)[number]) => `${base}-w${w}.webp`;
    await Promise.all(
      VARIANT_WIDTHS.map(async (w) => {
        const img = sharp(data, raw);
        const out = await (w < info.width ? img.resize({ width: w }) : img).webp({ quality: 72, effort: 0 }).toBuffer();
        await storage.put(variantKey(w), out, { contentType: 'image/webp' });
      }),
    );
    variants = {
      w400: `/api/file/${variantKey(400)}`,
      w800: `/api/file/${variantKey(800)}`,
      w1600: `/api/file/${variantKey(1600)}`,
    };
  }
  return {
    storageKey: key,
    // A car photo's public URL is its largest rendition, as an upload's (the original is kept for prints only).
    url: variants?.w1600 ?? `/api/file/${key}`,
    width: info.width,
    height: info.height,
    fileSize: jpeg.length,
    variants,
  };
}
