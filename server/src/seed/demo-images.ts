import { loadSharp } from '../lib/sharp';
import type { Storage } from '../lib/storage';

// Demo pictures drawn as SVG and rasterised with sharp. Each car is drawn in its own body shape, paint and wheels,
// in its own scene (a street at dusk, a garage, a city at night, a race track), from a few angles: side on, head-on,
// a close crop and a wide shot with the lights on. Only gradients and flat shapes, no filters: the whole demo set
// renders in a few seconds on two cores. Every picture carries a small "Demo illustration" mark.

export type BodyStyle =
  | 'coupe'
  | 'fastback'
  | 'wedge'
  | 'supercar'
  | 'rear-engine'
  | 'muscle'
  | 'fifties'
  | 'roadster'
  | 'wagon';

export type Scene = 'dusk' | 'garage' | 'night' | 'track';

export type RimStyle = 'five' | 'mesh' | 'fuchs' | 'split' | 'steel' | 'whitewall';

export interface CarPicture {
  make: string;
  model: string;
  year: number;
  color: string;
  body: BodyStyle;
  scene: Scene;
  rim: RimStyle;
  /** Stripes, a two-tone roof or painted steel wheels, as the body draws them. */
  accent?: string;
}

export interface WrittenImage {
  storageKey: string;
  url: string;
  width: number;
  height: number;
  fileSize: number;
  variants: { w400: string; w800: string; w1600: string } | null;
}

const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---- colour ----

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` moved `t` (0–1) of the way towards `b`. */
function mix(a: string, b: string, t: number): string {
  const [x, y] = [rgb(a), rgb(b)];
  return `#${x
    .map((v, i) =>
      Math.round(v + ((y[i] ?? 0) - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** A deterministic 0–1 sequence from a seed (the same car always gets the same lit windows). */
function seeded(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

/** Gradient stops written "offset colour [opacity], …", e.g. "0 #ffffff 0.5, 1 #ffffff 0". */
const stops = (list: string) =>
  list
    .split(',')
    .map((stop) => {
      const [o, c, a] = stop.trim().split(' ');
      return `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`;
    })
    .join('');
const vgrad = (id: string, list: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops(list)}</linearGradient>`;
const rgrad = (id: string, list: string) => `<radialGradient id="${id}">${stops(list)}</radialGradient>`;

// ---- scenes ----

interface SceneLight {
  /** What the paint's upper half reflects. */
  sky: string;
  /** The floor under the car, for its reflection to fade into (null: a dry, matt floor). */
  floor: string | null;
  shadow: number;
  /** How far the paint's lower half falls into shade. */
  shade: number;
  glass: [string, string];
}

const LIGHT: Record<Scene, SceneLight> = {
  dusk: { sky: '#ffc38a', floor: null, shadow: 0.55, shade: 0.55, glass: ['#f3b07e', '#1c1f2e'] },
  garage: { sky: '#ffffff', floor: '#4a4d52', shadow: 0.6, shade: 0.5, glass: ['#d9e2ea', '#15191e'] },
  night: { sky: '#6fd6ff', floor: '#10131b', shadow: 0.7, shade: 0.7, glass: ['#4b6a8c', '#06080d'] },
  track: { sky: '#e6f3ff', floor: null, shadow: 0.5, shade: 0.45, glass: ['#cfe6fb', '#1b2430'] },
};

const HORIZON = 640;

function buildings(rand: () => number, y: number, minH: number, maxH: number, fill: string, lit: string, p: number) {
  let out = '';
  for (let x = -20; x < 1620; ) {
    const w = 70 + Math.round(rand() * 110);
    const h = minH + Math.round(rand() * (maxH - minH));
    out += `<rect x="${x}" y="${y - h}" width="${w}" height="${h}" fill="${fill}"/>`;
    for (let wy = y - h + 18; wy < y - 24; wy += 30)
      for (let wx = x + 12; wx < x + w - 18; wx += 24)
        if (rand() < p)
          out += `<rect x="${wx}" y="${wy}" width="10" height="14" fill="${mix(fill, lit, 0.45 + rand() * 0.5)}"/>`;
    x += w + 4 + Math.round(rand() * 10);
  }
  return out;
}

function streetLamp(x: number, top: number, glow: string) {
  return `<circle cx="${x + 46}" cy="${top + 8}" r="90" fill="url(#lampGlow)"/><path d="M${x},${HORIZON + 8} L${x},${top} Q${x},${top - 12} ${x + 14},${top - 12} L${x + 56},${top - 8}" stroke="#0b0b12" stroke-width="9" fill="none"/><rect x="${x + 34}" y="${top - 8}" width="26" height="10" rx="4" fill="${glow}"/>`;
}

/** The scene behind the car: sky or walls down to HORIZON, the ground below. */
function sceneSvg(scene: Scene, seed: string, later: boolean): { defs: string; back: string } {
  const rand = seeded(`${seed}:${scene}`);
  switch (scene) {
    case 'dusk': {
      const pink = rand() < 0.5;
      const sunX = Math.round(600 + rand() * 800);
      const sky = later
        ? vgrad('sky', '0 #0b1330, 0.55 #3a2a5c, 1 #c9606a')
        : pink
          ? vgrad('sky', '0 #24204f, 0.5 #8a4a8a, 0.85 #f07a7a, 1 #ffb48a')
          : vgrad('sky', '0 #1b2a55, 0.45 #6a4a86, 0.8 #ef8a6a, 1 #ffc98a');
      const lamps = [Math.round(60 + rand() * 260), Math.round(820 + rand() * 420)];
      const defs = `${sky}${rgrad('sun', '0 #fff2c9 0.95, 0.25 #ffc27a 0.6, 1 #ff9a5a 0')}${rgrad('lampGlow', '0 #ffd79a 0.65, 1 #ffb85a 0')}${vgrad('road', '0 #6b5a66, 0.25 #3a3440, 1 #141318')}`;
      const back = `<rect width="1600" height="${HORIZON}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${HORIZON - 40}" r="${later ? 260 : 420}" fill="url(#sun)" fill-opacity="${later ? 0.45 : 1}"/>
${buildings(rand, HORIZON, 120, 300, later ? '#2a2140' : '#4a3658', '#ffd79a', later ? 0.3 : 0.12)}
${buildings(rand, HORIZON, 50, 170, later ? '#17122a' : '#2a1f36', '#ffcf80', later ? 0.35 : 0.18)}
<rect y="${HORIZON - 4}" width="1600" height="22" fill="#8a7a80"/><rect y="${HORIZON + 18}" width="1600" height="6" fill="#2a2630"/>
<rect y="${HORIZON + 24}" width="1600" height="${1000 - HORIZON - 24}" fill="url(#road)"/>
<ellipse cx="${sunX}" cy="${HORIZON + 60}" rx="420" ry="36" fill="#ffb070" fill-opacity="${later ? 0.05 : 0.14}"/>
${lamps.map((x, i) => streetLamp(x, 300 + i * 20, '#fff1c2')).join('')}
<path d="M0,${HORIZON + 250} L1600,${HORIZON + 250}" stroke="#e9e2d0" stroke-width="7" stroke-dasharray="110 80" stroke-opacity="0.55"/>`;
      return { defs, back };
    }
    case 'garage': {
      const defs = `${vgrad('wall', '0 #1a1c20, 0.5 #2c2f35, 1 #3a3d43')}${vgrad('floorG', '0 #55585e, 1 #232529')}${rgrad('pool', '0 #ffffff 0.22, 1 #ffffff 0')}${vgrad('door', '0 #5a5e66, 1 #40444b')}${rgrad('lampGlow', '0 #ffffff 0.5, 1 #ffffff 0')}`;
      let bricks = '';
      for (let y = 70; y < HORIZON; y += 46)
        bricks += `<path d="M0,${y} L1600,${y}" stroke="#000" stroke-opacity="0.18" stroke-width="2"/>`;
      const chest = ['#a3262b', '#1f4e9c', '#26282c', '#c27c0e'][Math.floor(rand() * 4)] ?? '#a3262b';
      const chestX = rand() < 0.5 ? 40 : 1260;
      const boardX = chestX === 40 ? 1230 : 40;
      const doorX = Math.round(440 + rand() * 160);
      let slats = '';
      for (let y = 190; y < HORIZON; y += 28)
        slats += `<rect x="${doorX + 20}" y="${y}" width="640" height="4" fill="#2b2e33"/>`;
      let tools = '';
      for (let i = 0; i < 7; i++) {
        const x = boardX + 30 + i * 40;
        const h = 50 + Math.round(rand() * 60);
        tools += `<rect x="${x}" y="${250}" width="${8 + Math.round(rand() * 10)}" height="${h}" rx="4" fill="#9aa0a8"/>`;
      }
      const back = `<rect width="1600" height="${HORIZON}" fill="url(#wall)"/>${bricks}
<rect x="${doorX}" y="160" width="680" height="${HORIZON - 160}" fill="#141518"/><rect x="${doorX + 20}" y="180" width="640" height="${HORIZON - 180}" fill="url(#door)"/>${slats}
<rect x="${boardX}" y="210" width="330" height="180" fill="#24272c" stroke="#3d4148" stroke-width="6"/>${tools}
<rect x="${chestX}" y="400" width="300" height="${HORIZON - 400}" rx="6" fill="${chest}"/><rect x="${chestX}" y="400" width="300" height="14" fill="${mix(chest, '#ffffff', 0.15)}"/>
${[450, 500, 550, 600].map((y) => `<rect x="${chestX + 16}" y="${y - 20}" width="268" height="34" rx="4" fill="${mix(chest, '#000000', 0.15)}"/><rect x="${chestX + 120}" y="${y - 6}" width="60" height="6" rx="3" fill="#d9d9d9"/>`).join('')}
${[320, 800, 1280].map((x) => `<ellipse cx="${x}" cy="30" rx="300" ry="80" fill="url(#lampGlow)"/><rect x="${x - 160}" y="22" width="320" height="14" rx="7" fill="#f4f7fb"/>`).join('')}
<rect y="${HORIZON}" width="1600" height="${1000 - HORIZON}" fill="url(#floorG)"/><rect y="${HORIZON}" width="1600" height="8" fill="#6a6e75"/>
${[320, 800, 1280].map((x) => `<ellipse cx="${x}" cy="${HORIZON + 120}" rx="360" ry="90" fill="url(#pool)"/>`).join('')}
<path d="M0,${HORIZON + 300} L1600,${HORIZON + 300}" stroke="#d9b43a" stroke-width="10" stroke-opacity="0.5"/>`;
      return { defs, back };
    }
    case 'night': {
      const defs = `${vgrad('sky', '0 #02030a, 1 #161a33')}${vgrad('road', '0 #1d2130, 1 #07080c')}${rgrad('lampGlow', '0 #ffb35c 0.7, 1 #ff9a3c 0')}${vgrad('cone', '0 #ffb35c 0.35, 1 #ffb35c 0')}`;
      const colours = rand() < 0.5 ? ['#ff4fa3', '#3fe0ff'] : ['#ffb03a', '#8a5cff'];
      const signs: [number, number, number, string][] = [
        [Math.round(80 + rand() * 200), Math.round(280 + rand() * 80), 240, colours[0] ?? '#ff4fa3'],
        [Math.round(1080 + rand() * 200), Math.round(240 + rand() * 80), 220, colours[1] ?? '#3fe0ff'],
      ];
      const neon = (x: number, y: number, w: number, h: number, c: string) =>
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="none" stroke="${c}" stroke-width="22" stroke-opacity="0.25"/><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="none" stroke="${c}" stroke-width="6"/><rect x="${x + 24}" y="${y + h / 2 - 4}" width="${w - 48}" height="8" rx="4" fill="${c}" fill-opacity="0.9"/>`;
      const streaks = signs.map(([, , , c], i) => vgrad(`streak${i}`, `0 ${c} 0.55, 1 ${c} 0`)).join('');
      const back = `${streaks ? `<defs>${streaks}</defs>` : ''}<rect width="1600" height="${HORIZON}" fill="url(#sky)"/>
${buildings(rand, HORIZON, 200, 460, '#0c0f1c', '#ffcf7a', 0.22)}
${buildings(rand, HORIZON, 80, 240, '#070911', '#9fd8ff', 0.15)}
${signs.map(([x, y, w, c]) => neon(x, y, w, 64, c)).join('')}
<path d="M760,150 L640,${HORIZON} L880,${HORIZON} Z" fill="url(#cone)"/>${streetLamp(720, 150, '#ffe2b0')}
<rect y="${HORIZON}" width="1600" height="${1000 - HORIZON}" fill="url(#road)"/>
${signs.map(([x, , w], i) => [0.2, 0.45, 0.7].map((f) => `<rect x="${Math.round(x + w * f)}" y="${HORIZON + 4}" width="${10 + i * 4}" height="300" fill="url(#streak${i})"/>`).join('')).join('')}
<ellipse cx="760" cy="${HORIZON + 60}" rx="240" ry="40" fill="#ffb35c" fill-opacity="0.12"/>`;
      return { defs, back };
    }
    case 'track': {
      const defs = `${vgrad('sky', '0 #2f7fd6, 0.7 #8cc4f0, 1 #d8ecfa')}${vgrad('tarmac', '0 #6d7278, 1 #34373b')}${rgrad('cloud', '0 #ffffff 0.9, 1 #ffffff 0')}`;
      let crowd = '';
      const palette = ['#e74c3c', '#f1c40f', '#ecf0f1', '#3498db', '#2c3e50', '#e67e22'];
      for (let y = 396; y < 520; y += 16)
        for (let x = 640; x < 1560; x += 14)
          if (rand() < 0.7)
            crowd += `<rect x="${x}" y="${y}" width="8" height="9" fill="${palette[Math.floor(rand() * palette.length)]}"/>`;
      const boards = ['#1b3d8f', '#f4f4f4', '#d42b2b', '#1c1c1c'];
      const shift = Math.floor(rand() * 4);
      let kerb = '';
      for (let x = -40; x < 1640; x += 120)
        kerb += `<path d="M${x},${HORIZON + 96} L${x + 60},${HORIZON + 96} L${x + 40},${HORIZON + 130} L${x - 20},${HORIZON + 130} Z" fill="#d42b2b"/>`;
      const back = `<rect width="1600" height="${HORIZON}" fill="url(#sky)"/>
${[0, 1, 2]
  .map((i) => [Math.round(100 + i * 520 + rand() * 300), Math.round(80 + rand() * 140), Math.round(180 + rand() * 140)])
  .map(([x, y, r]) => `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${(r ?? 0) / 4}" fill="url(#cloud)"/>`)
  .join('')}
<path d="M0,${HORIZON - 150} Q200,${HORIZON - 230} 420,${HORIZON - 170} Q620,${HORIZON - 120} 760,${HORIZON - 190} L760,${HORIZON} L0,${HORIZON} Z" fill="#3f6b3a"/>
<rect x="620" y="340" width="960" height="190" fill="#5b6168"/><path d="M600,340 L1600,300 L1600,330 L600,360 Z" fill="#d8dde2"/>${crowd}
<rect x="0" y="${HORIZON - 110}" width="1600" height="110" fill="#c9ced3"/><rect x="0" y="${HORIZON - 110}" width="1600" height="10" fill="#e9edf0"/>
${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${20 + i * 200}" y="${HORIZON - 86}" width="170" height="56" fill="${boards[(i + shift) % 4]}"/>`).join('')}
<path d="M0,${HORIZON - 110} L1600,${HORIZON - 110}" stroke="#6b7075" stroke-width="3"/>
<rect y="${HORIZON}" width="1600" height="${1000 - HORIZON}" fill="url(#tarmac)"/>
<rect y="${HORIZON + 96}" width="1600" height="34" fill="#f2f2f2"/>${kerb}
<path d="M0,${HORIZON + 150} L1600,${HORIZON + 150}" stroke="#f2f2f2" stroke-width="6" stroke-opacity="0.8"/>`;
      return { defs, back };
    }
  }
}

// ---- side profiles ----

/** A body drawn 1000 units long, nose to the right, standing on y = 0. */
interface Profile {
  body: string;
  glass: string;
  /** Pillars painted over the glass, in body colour. */
  pillars?: string;
  wheels: [number, number];
  r: [number, number];
  /** The bottom edge of the body: where the wheel arches start. */
  sill: number;
  /** The shoulder line the light catches. */
  crease: string;
  head: string;
  tail: string;
  /** Details in the body's shade: door cuts, vents. */
  lines: string;
  /** Extra parts: wings, chrome, stripes (drawn with `accent` and `chrome` fills). */
  extras?: string;
  /** An open car: its rear wheel sits under a separate fender, drawn after the wheel. */
  fender?: string;
  /** Where the headlight beam starts. */
  beam: [number, number];
}

const PROFILES: Record<BodyStyle, Profile> = {
  coupe: {
    body: 'M28,-42 L972,-42 Q998,-44 1000,-78 L996,-140 Q990,-172 950,-178 L715,-206 Q650,-280 575,-305 Q480,-322 385,-304 Q310,-282 255,-222 L70,-212 Q14,-206 8,-165 L2,-80 Q2,-44 28,-42 Z',
    glass: 'M700,-208 Q640,-274 574,-294 Q480,-310 392,-294 Q335,-272 285,-220 Z',
    pillars: 'M462,-300 L478,-300 L478,-212 L462,-212 Z',
    wheels: [190, 800],
    r: [78, 78],
    sill: 42,
    crease: 'M15,-150 Q500,-168 988,-150',
    head: 'M992,-150 L925,-160 L922,-138 L996,-130 Z',
    tail: 'M8,-172 L62,-176 L64,-150 L5,-148 Z',
    lines: 'M470,-205 L468,-62 M712,-204 Q722,-130 705,-62 M560,-170 L600,-170',
    extras: 'M20,-212 L140,-222 L146,-206 L26,-200 Z',
    beam: [996, -142],
  },
  fastback: {
    body: 'M25,-40 L975,-40 Q1000,-44 1000,-85 L992,-128 Q980,-160 930,-170 L690,-200 Q620,-272 540,-292 Q460,-305 390,-290 Q250,-250 110,-208 L45,-200 Q8,-195 5,-150 L2,-80 Q2,-42 25,-40 Z',
    glass: 'M675,-202 Q615,-262 540,-282 Q465,-294 400,-280 Q300,-252 215,-215 Z',
    pillars: 'M425,-286 L441,-288 L445,-208 L429,-208 Z',
    wheels: [185, 805],
    r: [80, 80],
    sill: 40,
    crease: 'M12,-140 Q500,-160 985,-135',
    head: 'M988,-142 L900,-160 L898,-146 L992,-128 Z',
    tail: 'M6,-178 L72,-184 L74,-160 L4,-156 Z',
    lines: 'M436,-205 L432,-60 M690,-198 Q700,-130 684,-60 M150,-120 L40,-118',
    extras:
      'M60,-205 L70,-262 L82,-262 L76,-205 Z M140,-212 L150,-266 L162,-266 L156,-212 Z M8,-258 L180,-272 L184,-256 L10,-246 Z',
    beam: [992, -136],
  },
  wedge: {
    body: 'M25,-38 L975,-38 Q1000,-42 1000,-80 Q998,-118 975,-135 Q900,-165 760,-180 Q680,-262 560,-282 Q460,-292 380,-270 Q260,-235 120,-200 Q40,-185 12,-160 Q0,-130 3,-80 Q3,-40 25,-38 Z',
    glass: 'M735,-184 Q665,-252 560,-271 Q470,-280 395,-262 Q320,-240 275,-205 Z',
    pillars: 'M455,-274 L471,-276 L476,-196 L460,-196 Z',
    wheels: [190, 800],
    r: [78, 78],
    sill: 38,
    crease: 'M10,-130 Q520,-150 990,-112',
    head: 'M990,-108 L950,-112 L950,-96 L992,-94 Z',
    tail: 'M10,-165 L60,-176 L62,-158 L8,-148 Z',
    lines: 'M468,-196 L462,-58 M735,-182 Q748,-120 728,-58 M890,-165 L965,-142',
    extras: 'M18,-196 L112,-206 L116,-196 L22,-186 Z',
    beam: [992, -102],
  },
  supercar: {
    body: 'M30,-34 L980,-34 Q1000,-36 1000,-60 L995,-92 Q990,-108 960,-116 L720,-170 Q640,-232 545,-250 Q455,-262 380,-245 Q300,-222 180,-185 L40,-175 Q8,-172 4,-140 L2,-70 Q2,-36 30,-34 Z',
    glass: 'M700,-172 Q630,-226 545,-240 Q470,-250 400,-236 Q350,-222 330,-200 L420,-175 Z',
    wheels: [215, 790],
    r: [84, 84],
    sill: 34,
    crease: 'M10,-128 Q420,-150 700,-150 Q850,-140 985,-100',
    head: 'M985,-104 L900,-124 L905,-112 L990,-96 Z',
    tail: 'M5,-152 L60,-160 L60,-148 L5,-140 Z',
    lines: 'M430,-172 L440,-70',
    extras: 'M290,-150 Q340,-92 430,-78 L330,-78 Q280,-100 268,-140 Z',
    beam: [990, -100],
  },
  'rear-engine': {
    body: 'M28,-40 L975,-40 Q1000,-44 998,-85 Q995,-130 960,-150 Q900,-185 740,-198 Q660,-285 540,-305 Q430,-318 340,-290 Q220,-250 110,-200 Q40,-170 15,-130 Q2,-100 5,-70 Q6,-42 28,-40 Z',
    glass: 'M720,-200 Q650,-276 540,-294 Q445,-304 365,-282 Q320,-264 290,-236 L300,-222 Z',
    pillars: 'M470,-298 L488,-298 L492,-204 L474,-204 Z M350,-280 L362,-284 L330,-228 L318,-226 Z',
    wheels: [205, 790],
    r: [76, 76],
    sill: 40,
    crease: 'M12,-118 Q300,-150 520,-155 Q800,-160 985,-120',
    head: 'M946,-178 Q972,-176 976,-150 L950,-146 Z',
    tail: 'M5,-140 L60,-152 L62,-130 L4,-122 Z',
    lines: 'M490,-202 L486,-60 M720,-198 Q735,-130 718,-60',
    extras: 'M28,-198 L168,-216 L178,-196 L40,-176 Z',
    beam: [976, -160],
  },
  muscle: {
    body: 'M25,-48 L975,-48 Q1000,-50 1000,-90 L998,-185 Q995,-198 975,-200 L660,-214 Q600,-296 540,-308 L420,-310 Q370,-304 250,-224 L40,-218 Q8,-214 5,-190 L2,-90 Q2,-50 25,-48 Z',
    glass: 'M640,-216 Q590,-290 535,-298 L420,-300 Q380,-294 300,-222 Z',
    pillars: 'M455,-300 L470,-300 L470,-218 L455,-218 Z',
    wheels: [200, 790],
    r: [80, 80],
    sill: 48,
    crease: 'M10,-170 L990,-172',
    head: 'M992,-176 L1000,-176 L1000,-140 L992,-140 Z',
    tail: 'M2,-190 L18,-190 L18,-150 L2,-150 Z',
    lines: 'M470,-215 L468,-70 M650,-212 Q660,-140 650,-70 M540,-150 L580,-150',
    extras: 'M960,-112 L1010,-112 Q1016,-92 1008,-72 L960,-72 Z M40,-112 L-10,-112 Q-16,-92 -8,-72 L40,-72 Z',
    beam: [1000, -158],
  },
  fifties: {
    body: 'M20,-50 L980,-50 Q1002,-52 1002,-95 L998,-170 Q990,-195 950,-200 L690,-212 Q650,-290 600,-305 L360,-308 Q300,-300 270,-222 L120,-220 L20,-262 Q8,-262 6,-240 L2,-95 Q2,-52 20,-50 Z',
    glass: 'M672,-214 Q640,-285 595,-296 L365,-298 Q320,-292 290,-222 Z',
    pillars: 'M470,-298 L484,-298 L484,-216 L470,-216 Z',
    wheels: [210, 780],
    r: [76, 76],
    sill: 50,
    crease: 'M20,-170 Q500,-176 990,-176',
    head: 'M996,-186 Q1008,-170 998,-150 L986,-150 L986,-186 Z',
    tail: 'M4,-250 L22,-254 L22,-214 L4,-212 Z',
    lines: 'M484,-214 L482,-70 M690,-210 L690,-70',
    extras:
      'M985,-140 L520,-140 Q420,-140 330,-176 L130,-182 L130,-172 L330,-166 Q420,-130 520,-130 L985,-130 Z M960,-120 L1016,-120 Q1022,-92 1012,-66 L960,-66 Z M40,-120 L-14,-120 Q-20,-92 -10,-66 L40,-66 Z',
    beam: [1004, -168],
  },
  roadster: {
    body: 'M60,-110 L600,-110 L600,-300 L335,-300 Q322,-262 290,-262 L160,-262 Q72,-262 60,-205 Z M590,-140 L905,-150 L905,-298 L590,-305 Z',
    glass: 'M560,-302 L528,-408 L548,-410 L578,-302 Z',
    wheels: [190, 820],
    r: [100, 80],
    sill: 110,
    crease: 'M64,-250 L600,-288 M600,-296 L905,-290',
    head: 'M1032,-284 Q1046,-250 1032,-216 Z',
    tail: 'M58,-230 L40,-230 L40,-200 L58,-200 Z',
    lines:
      'M640,-250 L860,-252 M640,-230 L860,-232 M640,-210 L860,-212 M640,-190 L860,-192 M300,-258 L300,-120 M290,-262 Q280,-310 240,-312 L200,-312 Q170,-300 175,-262',
    extras:
      'M900,-122 Q960,-120 960,-180 L968,-320 Q940,-348 902,-330 Z M1034,-286 Q972,-286 972,-250 Q972,-214 1034,-214 Z M960,-240 L980,-240 L980,-228 L960,-228 Z M140,-84 L880,-84 L880,-70 L140,-70 Z M520,-302 L540,-420 L556,-418 L536,-300 Z',
    fender: 'M72,-110 Q80,-235 190,-238 Q300,-235 312,-110 L290,-110 Q280,-212 190,-214 Q100,-212 94,-110 Z',
    beam: [1040, -250],
  },
  wagon: {
    body: 'M25,-80 L985,-80 Q1000,-82 1000,-110 L998,-230 Q995,-250 970,-255 L760,-270 L700,-430 Q690,-440 670,-440 L30,-440 Q12,-440 10,-420 L5,-110 Q5,-82 25,-80 Z',
    glass:
      'M740,-272 L690,-425 L560,-425 L560,-272 Z M545,-272 L545,-425 L330,-425 L330,-272 Z M315,-272 L315,-425 L40,-425 L40,-272 Z',
    wheels: [195, 790],
    r: [88, 88],
    sill: 80,
    crease: 'M10,-262 L985,-254',
    head: 'M996,-230 L1000,-230 L1000,-190 L996,-190 Z',
    tail: 'M5,-262 L20,-262 L20,-180 L5,-180 Z',
    lines: 'M552,-268 L552,-96 M760,-266 L760,-96 M330,-268 L330,-96 M620,-200 L660,-200',
    extras:
      'M50,-470 L670,-470 L670,-460 L50,-460 Z M80,-462 L90,-440 M630,-462 L640,-440 M975,-150 L1020,-150 L1020,-92 L975,-92 Z M30,-140 L-14,-140 L-14,-96 L30,-96 Z',
    beam: [1000, -210],
  },
};

function rimSvg(style: RimStyle, cx: number, cy: number, rr: number, accent: string, caliper: string | null): string {
  const spokes = (count: number, width: number, fill: string, inner = 0.18) =>
    Array.from(
      { length: count },
      (_, k) =>
        `<rect x="${cx - width / 2}" y="${cy - rr * 0.94}" width="${width}" height="${rr * (0.94 - inner)}" rx="${width / 3}" fill="${fill}" transform="rotate(${(k * 360) / count + 17} ${cx} ${cy})"/>`,
    ).join('');
  const calipers = caliper
    ? `<path d="M${cx - rr * 0.62},${cy - rr * 0.42} A${rr * 0.75},${rr * 0.75} 0 0 1 ${cx - rr * 0.1},${cy - rr * 0.74} L${cx - rr * 0.06},${cy - rr * 0.5} A${rr * 0.5},${rr * 0.5} 0 0 0 ${cx - rr * 0.42},${cy - rr * 0.26} Z" fill="${caliper}"/>`
    : '';
  const hub = `<circle cx="${cx}" cy="${cy}" r="${rr * 0.16}" fill="#c9ced4"/><circle cx="${cx}" cy="${cy}" r="${rr * 0.07}" fill="#4a4f55"/>`;
  switch (style) {
    case 'five':
      return `<circle cx="${cx}" cy="${cy}" r="${rr}" fill="#1a1c1f"/>${calipers}<circle cx="${cx}" cy="${cy}" r="${rr}" fill="none" stroke="url(#metal)" stroke-width="${rr * 0.1}"/>${spokes(5, rr * 0.3, 'url(#metal)')}${hub}`;
    case 'split':
      return `<circle cx="${cx}" cy="${cy}" r="${rr}" fill="#121315"/>${calipers}<circle cx="${cx}" cy="${cy}" r="${rr}" fill="none" stroke="#3a3e44" stroke-width="${rr * 0.08}"/>${spokes(10, rr * 0.1, '#4d535a')}${hub}`;
    case 'mesh':
      return `<circle cx="${cx}" cy="${cy}" r="${rr}" fill="#25282c"/>${calipers}${spokes(12, rr * 0.07, '#c8b98a', 0.1)}${spokes(12, rr * 0.05, '#b0a37a', 0.1).replaceAll('+ 17', '+ 32')}<circle cx="${cx}" cy="${cy}" r="${rr}" fill="none" stroke="url(#metal)" stroke-width="${rr * 0.14}"/><circle cx="${cx}" cy="${cy}" r="${rr * 0.22}" fill="#c8b98a"/>`;
    case 'fuchs':
      return `<circle cx="${cx}" cy="${cy}" r="${rr}" fill="#1c1d20"/><circle cx="${cx}" cy="${cy}" r="${rr}" fill="none" stroke="url(#metal)" stroke-width="${rr * 0.2}"/>${spokes(5, rr * 0.42, '#2a2c30', 0.25)}${spokes(5, rr * 0.2, 'url(#metal)', 0.25)}<circle cx="${cx}" cy="${cy}" r="${rr * 0.3}" fill="url(#metal)"/>`;
    case 'steel':
      return `<circle cx="${cx}" cy="${cy}" r="${rr}" fill="${accent}"/><circle cx="${cx}" cy="${cy}" r="${rr * 0.78}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="${rr * 0.05}"/>${Array.from({ length: 6 }, (_, k) => `<circle cx="${cx + Math.cos(k * 1.047) * rr * 0.55}" cy="${cy + Math.sin(k * 1.047) * rr * 0.55}" r="${rr * 0.09}" fill="#111"/>`).join('')}<circle cx="${cx}" cy="${cy}" r="${rr * 0.34}" fill="url(#metal)"/>`;
    case 'whitewall':
      return `<circle cx="${cx}" cy="${cy}" r="${rr * 1.3}" fill="none" stroke="#f1efe8" stroke-width="${rr * 0.32}"/><circle cx="${cx}" cy="${cy}" r="${rr}" fill="${accent}"/><circle cx="${cx}" cy="${cy}" r="${rr * 0.7}" fill="url(#metal)"/><circle cx="${cx}" cy="${cy}" r="${rr * 0.36}" fill="#e9edf1"/>`;
  }
}

interface Pose {
  x: number;
  y: number;
  scale: number;
  flip: boolean;
  lights: boolean;
}

/** The paint, glass, chrome and metal gradients every view of a car uses. */
function carDefs(car: CarPicture): string {
  const l = LIGHT[car.scene];
  return `${vgrad('paint', `0 ${mix(car.color, l.sky, 0.55)}, 0.28 ${mix(car.color, '#ffffff', 0.12)}, 0.5 ${car.color}, 0.56 ${mix(car.color, '#000000', 0.25)}, 1 ${mix(car.color, '#000000', l.shade)}`)}
${vgrad('glass', `0 ${l.glass[0]}, 0.45 ${mix(l.glass[0], l.glass[1], 0.7)}, 1 ${l.glass[1]}`)}
${vgrad('chrome', '0 #f7f9fb, 0.45 #9aa3ad, 0.55 #4a5058, 1 #dfe4e9')}
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1">${stops('0 #eef1f4, 0.5 #8d96a0, 1 #d5dade')}</linearGradient>
${rgrad('shadow', `0 #000000 ${l.shadow}, 0.7 #000000 ${l.shadow * 0.5}, 1 #000000 0`)}
${rgrad('tailGlow', '0 #ff2a2a 0.75, 1 #ff2a2a 0')}
<linearGradient id="beam" x1="0" y1="0" x2="1" y2="0">${stops('0 #fffbe8 0.75, 1 #fffbe8 0')}</linearGradient>
${rgrad('headGlow', '0 #ffffff 1, 0.3 #fff6d8 0.8, 1 #fff6d8 0')}`;
}

function sideCar(car: CarPicture, pose: Pose): string {
  const p = PROFILES[car.body];
  const accent = car.accent ?? '#1a1a1a';
  const caliper = car.body === 'supercar' ? (car.accent ?? '#f2c200') : null;
  const rim = (cx: number, r: number) => {
    const rr = r * (car.body === 'supercar' ? 0.74 : car.rim === 'whitewall' ? 0.46 : 0.64);
    return `<circle cx="${cx}" cy="${-r}" r="${r}" fill="#1d1f22"/><circle cx="${cx}" cy="${-r}" r="${r * 0.9}" fill="none" stroke="#2c2f33" stroke-width="${r * 0.06}"/>${rimSvg(car.rim, cx, -r, rr, accent, caliper)}`;
  };
  const arch = (cx: number, r: number) => {
    const R = r * 1.14;
    const dy = r - p.sill;
    const dx = Math.sqrt(R * R - dy * dy);
    const well = `M${cx - dx},${-p.sill} A${R},${R} 0 1 1 ${cx + dx},${-p.sill}`;
    return `<path d="${well} Z" fill="#050506"/><path d="${well}" fill="none" stroke="${mix(car.color, '#000000', 0.55)}" stroke-width="7"/>`;
  };
  const open = p.fender !== undefined;
  const [w0, w1] = p.wheels;
  const [r0, r1] = p.r;
  const stripes =
    car.body === 'muscle' && car.accent
      ? `<path d="M660,-211 L996,-196 L996,-186 L662,-201 Z M250,-222 L6,-214 L6,-204 L250,-212 Z" fill="${car.accent}"/>`
      : car.body === 'fifties' && car.accent
        ? `<path d="M600,-305 L360,-308 Q300,-300 285,-262 L300,-262 Q320,-296 362,-298 L598,-296 Q640,-284 662,-250 L678,-250 Q650,-290 600,-305 Z" fill="${car.accent}"/>`
        : '';
  const beam = pose.lights
    ? `<path d="M${p.beam[0]},${p.beam[1] - 10} L${p.beam[0] + 700},${p.beam[1] - 120} L${p.beam[0] + 700},${p.beam[1] + 140} L${p.beam[0]},${p.beam[1] + 12} Z" fill="url(#beam)" fill-opacity="0.55"/><circle cx="${p.beam[0]}" cy="${p.beam[1]}" r="60" fill="url(#headGlow)"/><ellipse cx="${p.beam[0] + 260}" cy="-4" rx="300" ry="26" fill="#fff6d8" fill-opacity="0.22"/>`
    : '';
  const tailGlow = pose.lights ? `<circle cx="10" cy="${-160}" r="80" fill="url(#tailGlow)"/>` : '';
  const detail = `<path d="${p.crease}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="5" fill="none"/>
<path d="${p.lines}" stroke="#000000" stroke-opacity="0.35" stroke-width="4" fill="none"/>`;
  const shape = `${open ? '' : `<path d="${p.body}" fill="url(#paint)"/>${detail}`}
${open ? '' : arch(w0, r0) + arch(w1, r1)}
${rim(w0, r0)}${rim(w1, r1)}
${open ? `<path d="${p.body}" fill="url(#paint)"/><path d="${p.fender}" fill="url(#paint)"/>${detail}` : ''}
${stripes}
<path d="${p.glass}" fill="url(#glass)"/><g clip-path="url(#glassClip)"><path d="M520,-170 L610,-170 L720,-350 L630,-350 Z M640,-170 L662,-170 L772,-350 L750,-350 Z" fill="#ffffff" fill-opacity="${car.scene === 'night' ? 0.08 : 0.16}"/></g>
${p.pillars ? `<path d="${p.pillars}" fill="${mix(car.color, '#000000', 0.35)}"/>` : ''}
${p.extras ? `<path d="${p.extras}" fill="${car.body === 'muscle' || car.body === 'fifties' || car.body === 'roadster' || car.body === 'wagon' ? 'url(#chrome)' : 'url(#paint)'}" stroke="${car.body === 'wagon' ? '#2a2a2a' : 'none'}" stroke-width="8"/>` : ''}
<path d="${p.head}" fill="${pose.lights ? '#ffffff' : '#e9eef2'}" stroke="#00000055" stroke-width="2"/>
<path d="${p.tail}" fill="${pose.lights ? '#ff3b3b' : '#b3121f'}"/>`;
  const l = LIGHT[car.scene];
  const t = `translate(${pose.x},${pose.y}) scale(${pose.flip ? -pose.scale : pose.scale},${pose.scale})${pose.flip ? ' translate(-1000,0)' : ''}`;
  // A mirrored silhouette, not the whole car at an opacity: group opacity makes librsvg paint a second canvas.
  const reflection = l.floor
    ? `<g transform="scale(1,-1)"><path d="${p.body}${p.fender ? ` ${p.fender}` : ''}" fill="url(#paint)" fill-opacity="0.22"/>${[w0, w1].map((cx, i) => `<circle cx="${cx}" cy="${-(p.r[i] ?? 80)}" r="${p.r[i] ?? 80}" fill="#000000" fill-opacity="0.35"/>`).join('')}<path d="${p.glass}" fill="url(#glass)" fill-opacity="0.18"/></g>`
    : '';
  const contact = [w0, w1]
    .map(
      (cx, i) =>
        `<ellipse cx="${cx}" cy="-3" rx="${(p.r[i] ?? 80) * 0.95}" ry="12" fill="#000000" fill-opacity="0.45"/>`,
    )
    .join('');
  return `<clipPath id="glassClip"><path d="${p.glass}"/></clipPath><g transform="${t}">
${reflection}
<ellipse cx="500" cy="-2" rx="600" ry="50" fill="url(#shadow)"/>${contact}
${tailGlow}${shape}${beam}
</g>`;
}

// ---- head-on ----

interface Front {
  /** Heights for a car 1000 units wide: roof, shoulder (top of the wings), bonnet at the windscreen, sill. */
  roof: number;
  shoulder: number;
  hood: number;
  sill: number;
  roofWidth: number;
  lamps: 'round' | 'quad' | 'rect' | 'slim' | 'frog' | 'popup' | 'hidden';
  grille: 'kidney' | 'wide' | 'intake' | 'chrome' | 'none';
  chromeBumper: boolean;
}

const FRONTS: Record<Exclude<BodyStyle, 'roadster'>, Front> = {
  coupe: {
    roof: 760,
    shoulder: 440,
    hood: 520,
    sill: 70,
    roofWidth: 0.58,
    lamps: 'rect',
    grille: 'wide',
    chromeBumper: false,
  },
  fastback: {
    roof: 690,
    shoulder: 400,
    hood: 470,
    sill: 60,
    roofWidth: 0.54,
    lamps: 'slim',
    grille: 'intake',
    chromeBumper: false,
  },
  wedge: {
    roof: 660,
    shoulder: 370,
    hood: 440,
    sill: 60,
    roofWidth: 0.52,
    lamps: 'popup',
    grille: 'intake',
    chromeBumper: false,
  },
  supercar: {
    roof: 600,
    shoulder: 330,
    hood: 400,
    sill: 50,
    roofWidth: 0.5,
    lamps: 'slim',
    grille: 'intake',
    chromeBumper: false,
  },
  'rear-engine': {
    roof: 740,
    shoulder: 420,
    hood: 470,
    sill: 60,
    roofWidth: 0.56,
    lamps: 'frog',
    grille: 'none',
    chromeBumper: false,
  },
  muscle: {
    roof: 720,
    shoulder: 450,
    hood: 510,
    sill: 80,
    roofWidth: 0.62,
    lamps: 'quad',
    grille: 'wide',
    chromeBumper: true,
  },
  fifties: {
    roof: 760,
    shoulder: 470,
    hood: 530,
    sill: 80,
    roofWidth: 0.64,
    lamps: 'round',
    grille: 'chrome',
    chromeBumper: true,
  },
  wagon: {
    roof: 980,
    shoulder: 580,
    hood: 660,
    sill: 120,
    roofWidth: 0.8,
    lamps: 'round',
    grille: 'chrome',
    chromeBumper: false,
  },
};

function frontCar(car: CarPicture, x: number, y: number, scale: number, lights: boolean): string {
  const t = `translate(${x},${y}) scale(${scale})`;
  const lamp = lights ? '#ffffff' : '#e6ecf1';
  const glow = (cx: number, cy: number) =>
    lights ? `<circle cx="${cx}" cy="${cy}" r="110" fill="url(#headGlow)"/>` : '';
  const shadow = `<ellipse cx="0" cy="-4" rx="620" ry="60" fill="url(#shadow)"/>`;
  if (car.body === 'roadster') {
    // A highboy: exposed wheels, a tall chrome grille shell and bucket headlights on a bar.
    const tyre = (cx: number) =>
      `<rect x="${cx - 70}" y="-330" width="140" height="330" rx="50" fill="#121314"/><rect x="${cx - 66}" y="-250" width="132" height="22" fill="#f1efe8"/>`;
    const lampAt = (cx: number) =>
      `<circle cx="${cx}" cy="-560" r="78" fill="url(#chrome)"/><circle cx="${cx}" cy="-560" r="60" fill="${lamp}"/>${glow(cx, -560)}`;
    return `<g transform="${t}">${shadow}${tyre(-400)}${tyre(400)}
<path d="M-470,-300 Q-400,-420 -300,-400 L-300,-380 Q-400,-392 -440,-300 Z M470,-300 Q400,-420 300,-400 L300,-380 Q400,-392 440,-300 Z" fill="url(#paint)"/>
<rect x="-400" y="-150" width="800" height="26" rx="12" fill="#2a2b2d"/>
<path d="M-300,-380 L-280,-700 L280,-700 L300,-380 Z" fill="url(#paint)"/><path d="M-250,-690 L-240,-860 L240,-860 L250,-690 Z" fill="url(#glass)" fill-opacity="0.7"/>
<path d="M-250,-690 L-240,-860 L240,-860 L250,-690" fill="none" stroke="url(#chrome)" stroke-width="14"/>
<path d="M-150,-200 L150,-200 L170,-660 Q0,-720 -170,-660 Z" fill="url(#chrome)"/>
${Array.from({ length: 11 }, (_, k) => `<rect x="${-120 + k * 22}" y="-640" width="8" height="420" fill="#2e3238"/>`).join('')}
<rect x="-330" y="-572" width="660" height="22" rx="11" fill="url(#chrome)"/>${lampAt(-300)}${lampAt(300)}
</g>`;
  }
  const f = FRONTS[car.body];
  const rw = (500 * f.roofWidth) | 0;
  const shade = mix(car.color, '#000000', 0.45);
  const lampsSvg = (() => {
    const y = -f.shoulder + 90;
    switch (f.lamps) {
      case 'rect':
        return `<path d="M-470,${y - 40} L-300,${y - 30} L-300,${y + 20} L-462,${y + 20} Z M470,${y - 40} L300,${y - 30} L300,${y + 20} L462,${y + 20} Z" fill="${lamp}" stroke="#222" stroke-width="6"/>${glow(-390, y)}${glow(390, y)}`;
      case 'slim':
        return `<path d="M-480,${y - 30} L-290,${y + 6} L-300,${y + 30} L-470,${y} Z M480,${y - 30} L290,${y + 6} L300,${y + 30} L470,${y} Z" fill="${lamp}" stroke="#222" stroke-width="6"/>${glow(-390, y)}${glow(390, y)}`;
      case 'popup':
        return `<path d="M-430,${-f.shoulder + 12} L-300,${-f.shoulder + 8} M430,${-f.shoulder + 12} L300,${-f.shoulder + 8}" stroke="#111" stroke-width="6"/><rect x="-470" y="${y + 30}" width="150" height="30" rx="12" fill="${lamp}"/><rect x="320" y="${y + 30}" width="150" height="30" rx="12" fill="${lamp}"/>${glow(-395, y + 45)}${glow(395, y + 45)}`;
      case 'frog':
        return `<ellipse cx="-360" cy="${-f.shoulder + 10}" rx="88" ry="70" fill="url(#paint)"/><ellipse cx="360" cy="${-f.shoulder + 10}" rx="88" ry="70" fill="url(#paint)"/><circle cx="-360" cy="${-f.shoulder + 10}" r="56" fill="${lamp}" stroke="#9aa3ad" stroke-width="8"/><circle cx="360" cy="${-f.shoulder + 10}" r="56" fill="${lamp}" stroke="#9aa3ad" stroke-width="8"/>${glow(-360, -f.shoulder + 10)}${glow(360, -f.shoulder + 10)}`;
      case 'quad':
        return [-420, -310, 310, 420]
          .map(
            (cx) =>
              `<circle cx="${cx}" cy="${y}" r="44" fill="${lamp}" stroke="url(#chrome)" stroke-width="10"/>${glow(cx, y)}`,
          )
          .join('');
      default:
        return [-380, 380]
          .map(
            (cx) =>
              `<circle cx="${cx}" cy="${y}" r="62" fill="${lamp}" stroke="url(#chrome)" stroke-width="12"/>${glow(cx, y)}`,
          )
          .join('');
    }
  })();
  const gy = -f.shoulder + 100;
  const grille = {
    kidney: `<rect x="-120" y="${gy - 50}" width="110" height="100" rx="36" fill="#111" stroke="url(#chrome)" stroke-width="8"/><rect x="10" y="${gy - 50}" width="110" height="100" rx="36" fill="#111" stroke="url(#chrome)" stroke-width="8"/>`,
    wide: `<rect x="-270" y="${gy - 40}" width="540" height="90" rx="12" fill="#0e0f11" stroke="${car.body === 'muscle' ? 'url(#chrome)' : shade}" stroke-width="8"/>${Array.from({ length: 5 }, (_, k) => `<rect x="-262" y="${gy - 30 + k * 16}" width="524" height="5" fill="#3a3e44"/>`).join('')}`,
    intake: `<path d="M-300,${gy + 60} L300,${gy + 60} L260,${gy + 150} L-260,${gy + 150} Z" fill="#0c0d0f"/>${Array.from({ length: 4 }, (_, k) => `<rect x="-280" y="${gy + 72 + k * 18}" width="560" height="4" fill="#26292d"/>`).join('')}`,
    chrome: `<rect x="-300" y="${gy - 50}" width="600" height="110" rx="16" fill="url(#chrome)"/>${Array.from({ length: 13 }, (_, k) => `<rect x="${-282 + k * 45}" y="${gy - 38}" width="16" height="86" fill="#33373d"/>`).join('')}`,
    none: `<path d="M-80,${gy + 40} L80,${gy + 40} L60,${gy + 70} L-60,${gy + 70} Z" fill="#0c0d0f"/>`,
  }[f.grille];
  const bumperY = -f.sill - 70;
  const bumper = f.chromeBumper
    ? `<rect x="-520" y="${bumperY - 20}" width="1040" height="56" rx="24" fill="url(#chrome)"/>`
    : car.body === 'wagon'
      ? `<rect x="-540" y="${bumperY - 30}" width="1080" height="80" rx="10" fill="#1c1d1f"/><rect x="-120" y="${bumperY - 50}" width="240" height="120" rx="8" fill="#1c1d1f"/>`
      : `<path d="M-480,${bumperY + 40} L480,${bumperY + 40}" stroke="${shade}" stroke-width="10"/>`;
  const tyreW = car.body === 'supercar' ? 160 : car.body === 'wagon' ? 150 : 130;
  return `<g transform="${t}">${shadow}
<rect x="${-470}" y="-240" width="${tyreW}" height="240" rx="40" fill="#121314"/><rect x="${470 - tyreW}" y="-240" width="${tyreW}" height="240" rx="40" fill="#121314"/>
<path d="M-500,${-f.sill} L500,${-f.sill} Q510,${-f.shoulder / 2} 492,${-f.shoulder} L-492,${-f.shoulder} Q-510,${-f.shoulder / 2} -500,${-f.sill} Z" fill="url(#paint)"/>
<path d="M-492,${-f.shoulder} L492,${-f.shoulder} L440,${-f.hood} L-440,${-f.hood} Z" fill="${mix(car.color, LIGHT[car.scene].sky, 0.45)}"/>
<path d="M-440,${-f.hood} L440,${-f.hood} L${rw + 20},${-f.roof + 40} L${-rw - 20},${-f.roof + 40} Z" fill="url(#paint)"/>
<path d="M-410,${-f.hood - 6} L410,${-f.hood - 6} L${rw},${-f.roof + 50} L${-rw},${-f.roof + 50} Z" fill="url(#glass)"/>
<path d="M-300,${-f.hood - 10} L${-rw + 40},${-f.roof + 56} L${-rw + 110},${-f.roof + 56} L-170,${-f.hood - 10} Z" fill="#ffffff" fill-opacity="0.1"/>
<path d="M${-rw - 20},${-f.roof + 40} Q0,${-f.roof - 10} ${rw + 20},${-f.roof + 40} Z" fill="url(#paint)"/>
<path d="M-470,${-f.hood - 40} L-540,${-f.hood - 50} L-545,${-f.hood - 10} L-470,${-f.hood} Z M470,${-f.hood - 40} L540,${-f.hood - 50} L545,${-f.hood - 10} L470,${-f.hood} Z" fill="url(#paint)"/>
${car.body === 'muscle' && car.accent ? `<path d="M-90,${-f.shoulder} L-30,${-f.shoulder} L-28,${-f.hood} L-80,${-f.hood} Z M90,${-f.shoulder} L30,${-f.shoulder} L28,${-f.hood} L80,${-f.hood} Z" fill="${car.accent}"/>` : ''}
${grille}${lampsSvg}${bumper}
<rect x="-90" y="${bumperY - 10}" width="180" height="44" rx="4" fill="#f4f4ef" stroke="#333" stroke-width="3"/>
<path d="M-500,${-f.shoulder + 6} L500,${-f.shoulder + 6}" stroke="#ffffff" stroke-opacity="0.4" stroke-width="6"/>
</g>`;
}

// ---- the pictures ----

/**
 * The "Demo illustration" pill, its right edge at `right` and top at `top`: inside the part of the picture every
 * page shows (cards cut a car photo to 3:2, the slider to 16:9, the share image to 1.9:1; the shop's cards a square
 * product picture to 4:3).
 */
const MARK = (right: number, top: number, scale = 1) => {
  const w = 232 * scale;
  const h = 38 * scale;
  const x = right - w;
  const y = top;
  return `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="#000000" fill-opacity="0.5"/><text x="${x + w / 2}" y="${y + h * 0.66}" text-anchor="middle" font-family="${FONT}" font-size="${17 * scale}" font-weight="bold" letter-spacing="${1.5 * scale}" fill="#ffffff" fill-opacity="0.92">DEMO ILLUSTRATION</text></g>`;
};

/** The views a car's photos take, in order: side on, head-on, a close crop, a wide shot with the lights on. */
export const CAR_VIEWS = ['side', 'front', 'detail', 'wide'] as const;

/**
 * A 1600×1000 picture of the car in its scene; photo n is CAR_VIEWS[n]. The only text is the "Demo illustration"
 * mark in the top-right corner: the page names the car, and the card's badges sit on the top-left corner.
 */
export function carSceneSvg(car: CarPicture, n: number): string {
  const view = CAR_VIEWS[n % CAR_VIEWS.length] ?? 'side';
  const night = car.scene === 'night';
  const { defs, back } = sceneSvg(car.scene, `${car.make} ${car.model}`, view === 'wide');
  const lights = night || view === 'wide';
  let subject: string;
  if (view === 'front') subject = frontCar(car, 800, 900, 0.78, lights);
  else if (view === 'detail') {
    // The rear three-quarter where the car's character is at the back (a wing, fins, a long deck), else the nose.
    const rear = ['fastback', 'rear-engine', 'supercar', 'fifties', 'muscle'].includes(car.body);
    const wheel = PROFILES[car.body].wheels[rear ? 0 : 1];
    subject = sideCar(car, {
      x: Math.round((rear ? 620 : 1000) - wheel * 2.5),
      y: 1010,
      scale: 2.5,
      flip: false,
      lights,
    });
  } else if (view === 'wide') subject = sideCar(car, { x: 700, y: 820, scale: 0.78, flip: true, lights });
  else subject = sideCar(car, { x: 200, y: 835, scale: 1.2, flip: false, lights });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">
<defs>${defs}${carDefs(car)}</defs>
${back}
${subject}
${MARK(1520, 96)}
</svg>`;
}

// ---- the meets ----

/** Gives the gradients and clip paths a car's drawing defines ids of its own, so several cars share one picture. */
function ownIds(markup: string, prefix: string): string {
  let out = markup;
  for (const [, id] of markup.matchAll(/\bid="([^"]+)"/g)) {
    out = out.replaceAll(`id="${id}"`, `id="${prefix}${id}"`).replaceAll(`url(#${id})`, `url(#${prefix}${id})`);
  }
  return out;
}

/**
 * A car meet for an event's card: two cars side on, nose to nose, and a third head-on in front of them, in the
 * event's scene, drawn on the car photos' 1600×1000 canvas and cut to its band y 120–980 (1.86:1), written 960 px
 * wide. The events page shows it 200 px tall across a card 1.5:1 to 2:1 wide, so the only text, the demo mark, sits
 * inside x 155–1445, y 150–950.
 */
export function meetSvg(scene: Scene, cars: readonly [CarPicture, CarPicture, CarPicture]): string {
  const [left, right, front] = cars.map((car) => ({ ...car, scene }));
  if (!left || !right || !front) throw new Error('A meet picture needs three cars');
  const lights = scene === 'night';
  const { defs, back } = sceneSvg(scene, `meet ${cars.map((car) => car.model).join(' ')}`, false);
  const drawn = [
    [left, sideCar(left, { x: 40, y: 800, scale: 0.6, flip: false, lights })],
    [right, sideCar(right, { x: 960, y: 800, scale: 0.6, flip: true, lights })],
    [front, frontCar(front, 800, 950, 0.5, lights)],
  ] as const;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="516" viewBox="0 120 1600 860">
<defs>${defs}</defs>
${back}
${drawn.map(([car, body], i) => ownIds(`<defs>${carDefs(car)}</defs>${body}`, `car${i}-`)).join('\n')}
${MARK(1420, 170)}
</svg>`;
}

// ---- the shop ----

export type ProductArt = 'poster' | 'canvas' | 'framed' | 'sticker' | 'keychain' | 'tee' | 'hoodie';

/** A car on a plain ground, for the print mock-ups: the picture a print of the shop would carry. */
function printArt(x: number, y: number, w: number, h: number, color: string, car: CarPicture): string {
  const s = (w * 0.8) / 1000;
  return `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="${color}"/><rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="#000" fill-opacity="0.35"/><circle cx="${w * 0.7}" cy="${h * 0.34}" r="${w * 0.2}" fill="#ffffff" fill-opacity="0.18"/>${sideCar(car, { x: w * 0.1, y: h * 0.66, scale: s, flip: false, lights: false })}</svg>`;
}

/**
 * A product on a dark studio ground with a soft light from above: a poster, a canvas, a framed print (each showing a
 * car), a sticker sheet, a keychain, a tee or a hoodie in the product's colour. No name: the shop prints it.
 */
export function productSvg(art: ProductArt, color: string, print?: CarPicture): string {
  const car: CarPicture = {
    ...(print ?? { make: '', model: '', year: 0, color: '#f4f4f4', body: 'coupe', rim: 'five' }),
    scene: 'track',
  };
  const logo = (cx: number, cy: number, size: number, fill: string) =>
    `<text x="${cx}" y="${cy}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="bold" letter-spacing="${size * 0.12}" fill="${fill}">CURBSIDE</text>`;
  const shade = (t: number) => mix(color, '#000000', t);
  const garment = (hood: boolean) => {
    const body = hood
      ? 'M330,240 Q420,205 500,215 Q580,205 670,240 L790,330 Q830,380 830,460 L822,700 L742,700 L730,470 L710,440 L710,800 L290,800 L290,440 L270,470 L258,700 L178,700 L170,460 Q170,380 210,330 Z'
      : 'M300,220 L415,170 Q500,225 585,170 L700,220 L800,380 L705,425 L700,830 Q500,855 300,830 L295,425 L200,380 Z';
    const extras = hood
      ? `<path d="M370,240 Q360,110 500,100 Q640,110 630,240 Q560,205 500,210 Q440,205 370,240 Z" fill="${shade(0.2)}"/><path d="M420,238 Q430,150 500,146 Q570,150 580,238 Q540,218 500,218 Q460,218 420,238 Z" fill="${shade(0.55)}"/><path d="M470,236 L464,360 M530,236 L536,360" stroke="#ecebe6" stroke-width="7" stroke-linecap="round"/><path d="M380,600 L620,600 L650,740 L350,740 Z" fill="${shade(0.12)}"/><path d="M380,600 L350,740 M620,600 L650,740" stroke="${shade(0.3)}" stroke-width="5"/><rect x="290" y="770" width="420" height="34" fill="${shade(0.18)}"/><rect x="178" y="690" width="80" height="30" fill="${shade(0.18)}"/><rect x="742" y="690" width="80" height="30" fill="${shade(0.18)}"/>`
      : `<path d="M415,170 Q500,240 585,170" fill="none" stroke="${shade(0.35)}" stroke-width="14"/><path d="M200,380 L295,425 M800,380 L705,425" stroke="${shade(0.3)}" stroke-width="6"/>`;
    return `<path d="${body}" fill="url(#cloth)"/>${extras}<path d="M${hood ? 290 : 300},470 L${hood ? 290 : 300},${hood ? 770 : 820} M${hood ? 710 : 700},470 L${hood ? 710 : 700},${hood ? 770 : 820}" stroke="#000" stroke-opacity="0.18" stroke-width="8"/>${logo(500, hood ? 470 : 400, 46, '#f5f5f0')}<path d="M420,${hood ? 500 : 430} L580,${hood ? 500 : 430}" stroke="#f5f5f0" stroke-width="6"/>`;
  };
  const sticker = (cx: number, cy: number, rot: number, inner: string) =>
    `<g transform="rotate(${rot} ${cx} ${cy})">${inner}</g>`;
  const qr = (() => {
    const rand = seeded('keychain');
    let cells = '';
    for (let r = 0; r < 9; r++)
      for (let c = 0; c < 9; c++) {
        const finder = (r < 3 && c < 3) || (r < 3 && c > 5) || (r > 5 && c < 3);
        if (finder ? (r % 3 !== 1 || c % 3 !== 1) && !(r === 1 && c === 1) : rand() < 0.5)
          cells += `<rect x="${405 + c * 21}" y="${445 + r * 21}" width="21" height="21" fill="#111"/>`;
      }
    return cells;
  })();
  const items: Record<ProductArt, string> = {
    poster: `<rect x="290" y="150" width="440" height="660" fill="#000" fill-opacity="0.4" transform="translate(14,18)"/><rect x="290" y="150" width="440" height="660" fill="#f7f5ef"/>${printArt(320, 180, 380, 520, color, car)}${logo(510, 765, 30, '#222')}`,
    canvas: `<path d="M700,170 L740,200 L740,800 L700,830 Z" fill="${mix(color, '#000000', 0.5)}"/><rect x="260" y="170" width="440" height="660" fill="#000" fill-opacity="0.4" transform="translate(18,20)"/>${printArt(260, 170, 440, 660, color, car)}`,
    framed: `<rect x="240" y="130" width="520" height="740" fill="#000" fill-opacity="0.45" transform="translate(14,20)"/><rect x="240" y="130" width="520" height="740" fill="#17181a"/><rect x="262" y="152" width="476" height="696" fill="#f4f2ec"/>${printArt(320, 215, 360, 570, color, car)}`,
    sticker: `${sticker(370, 380, -8, `<circle cx="370" cy="380" r="160" fill="#ffffff"/><circle cx="370" cy="380" r="140" fill="${color}"/>${logo(370, 398, 44, '#ffffff')}`)}${sticker(640, 420, 10, `<rect x="500" y="330" width="280" height="180" rx="28" fill="#ffffff"/><rect x="516" y="346" width="248" height="148" rx="20" fill="#1b1c1f"/><text x="640" y="440" text-anchor="middle" font-family="${FONT}" font-size="72" font-weight="bold" fill="${color}">#1</text>`)}${sticker(500, 700, 4, `<rect x="270" y="630" width="460" height="130" rx="26" fill="#ffffff"/><rect x="284" y="644" width="432" height="102" rx="18" fill="#f2c500"/>${logo(500, 712, 46, '#1b1c1f')}`)}`,
    keychain: `<g transform="translate(0,40)"><ellipse cx="500" cy="780" rx="210" ry="28" fill="#000" fill-opacity="0.45"/><circle cx="500" cy="210" r="80" fill="none" stroke="url(#ring)" stroke-width="20"/><path d="M500,290 L500,380" stroke="#9aa3ad" stroke-width="14" stroke-dasharray="18 8"/><rect x="340" y="370" width="320" height="400" rx="48" fill="${color}"/><rect x="340" y="370" width="320" height="400" rx="48" fill="url(#sheen)"/><rect x="395" y="435" width="210" height="210" rx="10" fill="#ffffff"/>${qr}${logo(500, 710, 34, '#ffffff')}</g>`,
    tee: garment(false),
    hoodie: `<g transform="translate(0,45)">${garment(true)}</g>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">
<defs>${vgrad('ground', '0 #2d3036, 0.7 #1c1e22, 1 #141517')}${rgrad('spot', '0 #ffffff 0.16, 1 #ffffff 0')}${vgrad('cloth', `0 ${mix(color, '#ffffff', 0.12)}, 0.6 ${color}, 1 ${mix(color, '#000000', 0.3)}`)}
<linearGradient id="ring" x1="0" y1="0" x2="1" y2="1">${stops('0 #f4f6f8, 0.5 #7d858e, 1 #d8dde2')}</linearGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">${stops('0 #ffffff 0.3, 0.4 #ffffff 0, 1 #000000 0.25')}</linearGradient>${carDefs(car)}</defs>
<rect width="1000" height="1000" fill="url(#ground)"/><ellipse cx="500" cy="420" rx="520" ry="440" fill="url(#spot)"/>
<ellipse cx="500" cy="880" rx="380" ry="40" fill="#000" fill-opacity="0.35"/>
${items[art]}
${MARK(960, 826, 0.8)}
</svg>`;
}

/** An advertisement of the given size with a headline and a call to action. */
export function adSvg(width: number, height: number, headline: string, cta: string, color: string): string {
  const vertical = height > width;
  const size = vertical ? 20 : Math.round(height * 0.32);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<text x="${vertical ? width / 2 : 24}" y="${vertical ? 80 : height * 0.6}" ${vertical ? 'text-anchor="middle"' : ''} font-family="${FONT}" font-size="${size}" font-weight="bold" fill="#fff">${esc(headline)}</text>
<rect x="${vertical ? 10 : width - 190}" y="${vertical ? height - 70 : height / 2 - 22}" width="${vertical ? width - 20 : 170}" height="44" rx="22" fill="#fff"/>
<text x="${vertical ? width / 2 : width - 105}" y="${vertical ? height - 41 : height / 2 + 7}" text-anchor="middle" font-family="${FONT}" font-size="${vertical ? 15 : 20}" font-weight="bold" fill="#111">${esc(cta)}</text>
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
