import type { CarCategory, ProductCategory, UserRole } from '@curbside/shared';
import type { BodyStyle, ProductArt, RimStyle, Scene } from './demo-images';

// The demo data set: who, which cars, what the shop sells. Pictures and votes are generated from this.

export interface DemoUser {
  key: string;
  email: string;
  username: string;
  name: string;
  role: UserRole;
  bio: string | null;
  /** Printed at start for the two sign-in accounts; the other owners get a random password nobody knows. */
  password?: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    key: 'admin',
    email: 'admin@curbside.example',
    username: 'curbside',
    name: 'Curbside Admin',
    role: 'admin',
    bio: 'Runs the Curbside photo crew and the print shop.',
    password: 'curbside-admin',
  },
  {
    key: 'driver',
    email: 'driver@curbside.example',
    username: 'demo_driver',
    name: 'Demo Driver',
    role: 'user',
    bio: 'Weekend wrencher who learned to weld on a rusty wagon. Happiest at early-morning meets with a coffee.',
    password: 'curbside-driver',
  },
  {
    key: 'kenji',
    email: 'kenji@curbside.example',
    username: 'kenji.w',
    name: 'Kenji Watanabe',
    role: 'owner',
    bio: 'Grew up on Initial D and Best Motoring tapes. Two rotary engines rebuilt, one RB26 that never needed it.',
  },
  {
    key: 'maria',
    email: 'maria@curbside.example',
    username: 'maria_alvarez',
    name: 'Maria Alvarez',
    role: 'owner',
    bio: 'Track days in spring, canyon roads in the fall. If it has a manual gearbox and a straight six, I am interested.',
  },
  {
    key: 'dale',
    email: 'dale@curbside.example',
    username: 'dale.j',
    name: 'Dale Jefferson',
    role: 'owner',
    bio: 'Third-generation Chevy man with a Mopar problem. Cruise nights every Friday from May to October.',
  },
  {
    key: 'priya',
    email: 'priya@curbside.example',
    username: 'priya_n',
    name: 'Priya Nair',
    role: 'owner',
    bio: 'Supercar spotter turned owner. I drive them, I do not just park them.',
  },
];

export interface DemoCar {
  slug: string;
  make: string;
  model: string;
  year: number;
  category: CarCategory;
  /** A DEMO_USERS key, or null for a car the crew photographed at a meet (owner not on the site). */
  owner: string | null;
  ownerName: string;
  featured: boolean;
  /** How the demo pictures draw the car (see carSceneSvg): its paint, shape, wheels, scene and stripes or trim. */
  color: string;
  body: BodyStyle;
  scene: Scene;
  rim: RimStyle;
  accent?: string;
  photos: 3 | 4;
  story: string | null;
  specs: string;
  additionalSpecs: { engine: string; horsepower: string; transmission: string; drivetrain: string; modified: boolean };
  /** Relative vote weights: [two months ago, last month, this month]. */
  popularity: [number, number, number];
}

export const DEMO_CARS: DemoCar[] = [
  {
    slug: 'nissan-skyline-gt-r-v-spec-r34',
    make: 'Nissan',
    model: 'Skyline GT-R V-Spec (R34)',
    year: 1999,
    category: 'JDM',
    owner: 'kenji',
    ownerName: 'Kenji Watanabe',
    featured: true,
    color: '#1f4e9c',
    body: 'coupe',
    scene: 'night',
    rim: 'five',
    photos: 4,
    story:
      'Imported from Yokohama the month it turned 25 and legal to bring over. Bayside Blue, original paint on the roof, ' +
      'and a stock-block RB26 with supporting mods: larger turbos, a proper intercooler and a Nismo exhaust. It has done ' +
      'three coast-to-coast trips and still sees the rev limiter every weekend. The interior is untouched apart from a ' +
      'Nardi wheel, because some things should stay exactly as Nissan built them.',
    specs: 'Right-hand drive, 58,000 km, full Japanese service history and export paperwork.',
    additionalSpecs: {
      engine: 'RB26DETT 2.6L twin-turbo inline-6',
      horsepower: '480',
      transmission: '6-speed Getrag manual',
      drivetrain: 'AWD (ATTESA E-TS Pro)',
      modified: true,
    },
    popularity: [9, 8, 7],
  },
  {
    slug: 'mazda-rx-7-fd3s',
    make: 'Mazda',
    model: 'RX-7 (FD3S)',
    year: 1993,
    category: 'JDM',
    owner: 'kenji',
    ownerName: 'Kenji Watanabe',
    featured: false,
    color: '#c0392b',
    body: 'wedge',
    scene: 'garage',
    rim: 'mesh',
    photos: 3,
    story:
      'Rebuilt the 13B-REW twice before converting it to a single turbo. Now it idles like a boat and pulls like a jet.',
    specs: 'Vintage Red, Enkei RPF1 wheels, coilovers, and a very patient wife.',
    additionalSpecs: {
      engine: '13B-REW twin-rotor, single BorgWarner turbo',
      horsepower: '350',
      transmission: '5-speed manual',
      drivetrain: 'RWD',
      modified: true,
    },
    popularity: [5, 6, 4],
  },
  {
    slug: 'toyota-supra-turbo-a80',
    make: 'Toyota',
    model: 'Supra Turbo (A80)',
    year: 1998,
    category: 'JDM',
    owner: null,
    ownerName: 'Marcus Lee',
    featured: true,
    color: '#e3661a',
    body: 'fastback',
    scene: 'dusk',
    rim: 'five',
    photos: 4,
    story:
      'Shot at the spring meet in Dallas. Marcus bought it with 30,000 miles in 2009 and has resisted every urge to ' +
      'put a big single turbo on it. Almost every urge.',
    specs: 'Renaissance Red 2.0 respray, targa top, factory rear wing.',
    additionalSpecs: {
      engine: '2JZ-GTE 3.0L inline-6, single turbo conversion',
      horsepower: '650',
      transmission: '6-speed Getrag V160',
      drivetrain: 'RWD',
      modified: true,
    },
    popularity: [7, 9, 8],
  },
  {
    slug: 'bmw-m3-e46',
    make: 'BMW',
    model: 'M3 (E46)',
    year: 2004,
    category: 'Euro',
    owner: 'maria',
    ownerName: 'Maria Alvarez',
    featured: false,
    color: '#3a7bd5',
    body: 'coupe',
    scene: 'track',
    rim: 'split',
    photos: 3,
    story:
      'Laguna Seca Blue over black. Subframe reinforced, rod bearings done at 90k, and otherwise left alone. It is the ' +
      'best-balanced car I have ever driven and I drive it to work.',
    specs: 'Competition package steering rack, CSL-style trunk lid.',
    additionalSpecs: {
      engine: 'S54 3.2L inline-6',
      horsepower: '333',
      transmission: '6-speed manual',
      drivetrain: 'RWD',
      modified: false,
    },
    popularity: [4, 5, 6],
  },
  {
    slug: 'porsche-911-carrera-3-2',
    make: 'Porsche',
    model: '911 Carrera 3.2',
    year: 1989,
    category: 'Euro',
    owner: 'maria',
    ownerName: 'Maria Alvarez',
    featured: false,
    color: '#c8102e',
    body: 'rear-engine',
    scene: 'track',
    rim: 'fuchs',
    photos: 4,
    story: 'Guards Red, G50 gearbox, Fuchs wheels. Needs nothing, gets everything.',
    specs: 'Last of the G-body Carreras, matching numbers.',
    additionalSpecs: {
      engine: '3.2L air-cooled flat-6',
      horsepower: '214',
      transmission: '5-speed G50 manual',
      drivetrain: 'RWD',
      modified: false,
    },
    popularity: [6, 4, 5],
  },
  {
    slug: 'chevrolet-chevelle-ss-454',
    make: 'Chevrolet',
    model: 'Chevelle SS 454',
    year: 1970,
    category: 'Muscle',
    owner: 'dale',
    ownerName: 'Dale Jefferson',
    featured: true,
    color: '#8b1e2d',
    body: 'muscle',
    scene: 'garage',
    rim: 'five',
    accent: '#141414',
    photos: 3,
    story:
      'My grandfather ordered this car new from Hayes Chevrolet in 1970: LS6, cowl induction, four-speed, no radio ' +
      'because he said the engine was the radio. It sat in a barn from 1988 to 2015. Two years of nights and weekends ' +
      'later it runs the quarter in the low thirteens on street tires, and it still has his dealer sticker on the trunk.',
    specs: 'Cranberry Red with black stripes, build sheet and Protect-O-Plate.',
    additionalSpecs: {
      engine: '454 LS6 V8',
      horsepower: '450',
      transmission: '4-speed Muncie M22',
      drivetrain: 'RWD',
      modified: false,
    },
    popularity: [8, 7, 9],
  },
  {
    slug: 'dodge-charger-r-t',
    make: 'Dodge',
    model: 'Charger R/T',
    year: 1969,
    category: 'Muscle',
    owner: 'dale',
    ownerName: 'Dale Jefferson',
    featured: false,
    color: '#2f6db5',
    body: 'muscle',
    scene: 'night',
    rim: 'five',
    photos: 4,
    story:
      'B5 Blue, hideaway headlights and a 440 Magnum that eats rear tires for breakfast. Restomod under the skin: disc ' +
      'brakes, modern suspension and air conditioning that actually works in August.',
    specs: 'Rotisserie restoration finished in 2021.',
    additionalSpecs: {
      engine: '440 Magnum V8',
      horsepower: '375',
      transmission: '727 TorqueFlite 3-speed automatic',
      drivetrain: 'RWD',
      modified: true,
    },
    popularity: [5, 6, 3],
  },
  {
    slug: 'lamborghini-huracan-performante',
    make: 'Lamborghini',
    model: 'Huracán Performante',
    year: 2019,
    category: 'Exotic',
    owner: 'priya',
    ownerName: 'Priya Nair',
    featured: true,
    color: '#7ac142',
    body: 'supercar',
    scene: 'track',
    rim: 'split',
    accent: '#f2c200',
    photos: 4,
    story:
      'Verde Mantis because life is too short for grey supercars. Twelve thousand miles in two years, most of them on ' +
      'mountain roads, a few of them at Circuit of the Americas.',
    specs: 'ALA active aero, forged composite trim, carbon ceramic brakes.',
    additionalSpecs: {
      engine: '5.2L naturally aspirated V10',
      horsepower: '631',
      transmission: '7-speed dual-clutch',
      drivetrain: 'AWD',
      modified: false,
    },
    popularity: [6, 8, 10],
  },
  {
    slug: 'mclaren-570s',
    make: 'McLaren',
    model: '570S',
    year: 2017,
    category: 'Exotic',
    owner: 'priya',
    ownerName: 'Priya Nair',
    featured: false,
    color: '#f47b20',
    body: 'supercar',
    scene: 'night',
    rim: 'five',
    accent: '#e8e8e8',
    photos: 3,
    story: 'Daily driven. Yes, really.',
    specs: 'Ventura Orange, Sport Exhaust, nose lift.',
    additionalSpecs: {
      engine: '3.8L twin-turbo V8',
      horsepower: '562',
      transmission: '7-speed SSG dual-clutch',
      drivetrain: 'RWD',
      modified: false,
    },
    popularity: [3, 4, 4],
  },
  {
    slug: 'chevrolet-bel-air',
    make: 'Chevrolet',
    model: 'Bel Air',
    year: 1957,
    category: 'Classic',
    owner: 'dale',
    ownerName: 'Dale Jefferson',
    featured: false,
    color: '#40b5ad',
    body: 'fifties',
    scene: 'dusk',
    rim: 'whitewall',
    accent: '#f4f1e6',
    photos: 3,
    story:
      'Tropical Turquoise and India Ivory, the way every kid in 1957 wanted one. Took it to the drive-in on its 60th ' +
      'birthday and it got more photos than the movie.',
    specs: 'Power Pack 283, continental kit, factory wire wheel covers.',
    additionalSpecs: {
      engine: '283 cu in small-block V8 (Power Pack)',
      horsepower: '220',
      transmission: '2-speed Powerglide automatic',
      drivetrain: 'RWD',
      modified: false,
    },
    popularity: [4, 3, 3],
  },
  {
    slug: 'ford-model-b-deuce-roadster',
    make: 'Ford',
    model: 'Model B "Deuce" Roadster',
    year: 1932,
    category: 'Hot Rod',
    owner: null,
    ownerName: 'Hank Morrison',
    featured: false,
    color: '#f2c500',
    body: 'roadster',
    scene: 'garage',
    rim: 'whitewall',
    accent: '#c0392b',
    photos: 3,
    story: null,
    specs: 'Channeled steel body, dropped axle, hairpin radius rods, whitewalls.',
    additionalSpecs: {
      engine: 'Flathead V8 with Edelbrock heads and triple Stromberg 97s',
      horsepower: '150',
      transmission: '3-speed manual',
      drivetrain: 'RWD',
      modified: true,
    },
    popularity: [3, 5, 6],
  },
  {
    slug: 'toyota-land-cruiser-fj60',
    make: 'Toyota',
    model: 'Land Cruiser FJ60',
    year: 1986,
    category: 'Other',
    owner: 'driver',
    ownerName: 'Demo Driver',
    featured: false,
    color: '#b5651d',
    body: 'wagon',
    scene: 'dusk',
    rim: 'steel',
    accent: '#f0eee6',
    photos: 3,
    story:
      'Bought it off a rancher in New Mexico with 310,000 miles. Four-inch lift, 33s, and a roof rack that has seen ' +
      'more national parks than most people.',
    specs: 'Rust-free body, ARB front bumper, rebuilt 2F.',
    additionalSpecs: {
      engine: '4.2L 2F inline-6',
      horsepower: '135',
      transmission: '4-speed manual',
      drivetrain: '4WD',
      modified: true,
    },
    popularity: [2, 2, 3],
  },
];

/** The captions of a car's photos by its scene, in the order the pictures are drawn (CAR_VIEWS). */
export const PHOTO_CAPTIONS: Record<Scene, readonly [string, string, string, string]> = {
  dusk: [
    'Golden hour at the spring meet',
    'Head-on as the street lights come on',
    'Wheel and arch, up close',
    'Lights on for the drive home',
  ],
  garage: [
    'Fresh out of the detail bay',
    'Head-on under the shop lights',
    'Wheel and arch, up close',
    'Lights on, ready to roll',
  ],
  night: [
    'Night shoot under the street lights',
    'Head-on under the neon',
    'Wheel detail in the street light',
    'Rolling out after midnight',
  ],
  track: [
    'Paddock, between sessions',
    'Head-on in the pit lane',
    'Wheel and brake detail',
    'Lights on for the last session',
  ],
};

export interface DemoProduct {
  name: string;
  description: string;
  category: ProductCategory;
  price: number;
  shippingFee: number;
  stock: number;
  sku: string;
  featured: boolean;
  isMerch: boolean;
  printSize: string | null;
  printType: string | null;
  /** How the picture is drawn (see productSvg) and in which colour; a print shows the demo car `printOf` (a slug). */
  art: ProductArt;
  color: string;
  printOf?: string;
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Poster Print 12x18',
    description: 'Your chosen photo on heavyweight satin poster paper, 12 x 18 inches.',
    category: 'poster',
    price: 2499,
    shippingFee: 1000,
    stock: 500,
    sku: 'PRINT-POSTER-12X18',
    featured: true,
    isMerch: false,
    printSize: '12x18',
    printType: 'Poster Print',
    art: 'poster',
    printOf: 'toyota-supra-turbo-a80',
    color: '#2e86de',
  },
  {
    name: 'Poster Print 18x24',
    description: 'The big one: 18 x 24 inches on satin poster paper, shipped rolled in a tube.',
    category: 'poster',
    price: 3499,
    shippingFee: 1000,
    stock: 500,
    sku: 'PRINT-POSTER-18X24',
    featured: false,
    isMerch: false,
    printSize: '18x24',
    printType: 'Poster Print',
    art: 'poster',
    printOf: 'lamborghini-huracan-performante',
    color: '#8e44ad',
  },
  {
    name: 'Canvas Print 16x20',
    description: 'Gallery-wrapped canvas on a 1.5 inch pine frame, ready to hang.',
    category: 'canvas',
    price: 7999,
    shippingFee: 1500,
    stock: 200,
    sku: 'PRINT-CANVAS-16X20',
    featured: true,
    isMerch: false,
    printSize: '16x20',
    printType: 'Canvas Print',
    art: 'canvas',
    printOf: 'chevrolet-bel-air',
    color: '#c0392b',
  },
  {
    name: 'Framed Print 12x18',
    description: 'Archival photo print behind glass in a matte black wood frame.',
    category: 'framed',
    price: 8999,
    shippingFee: 1500,
    stock: 200,
    sku: 'PRINT-FRAMED-12X18',
    featured: false,
    isMerch: false,
    printSize: '12x18',
    printType: 'Framed Print',
    art: 'framed',
    printOf: 'porsche-911-carrera-3-2',
    color: '#27ae60',
  },
  {
    name: 'Curbside Sticker Pack',
    description: 'Five weatherproof vinyl stickers: the Curbside logo, a checkered flag and three meet badges.',
    category: 'merchandise',
    price: 899,
    shippingFee: 500,
    stock: 150,
    sku: 'MERCH-STICKERS-5',
    featured: true,
    isMerch: true,
    printSize: null,
    printType: null,
    art: 'sticker',
    color: '#e74c3c',
  },
  {
    name: 'QR Code Keychain',
    description: "Anodised aluminium keychain with a QR code that opens your car's Curbside profile.",
    category: 'merchandise',
    price: 1299,
    shippingFee: 500,
    stock: 3,
    sku: 'MERCH-QR-KEYCHAIN',
    featured: false,
    isMerch: true,
    printSize: null,
    printType: null,
    art: 'keychain',
    color: '#e67e22',
  },
  {
    name: 'Curbside Meet Tee',
    description: 'Soft ring-spun cotton tee with the Curbside meet crest on the chest.',
    category: 'apparel',
    price: 2999,
    shippingFee: 1000,
    stock: 40,
    sku: 'MERCH-TEE-CREST',
    featured: false,
    isMerch: true,
    printSize: null,
    printType: null,
    art: 'tee',
    color: '#7d8a96',
  },
  {
    name: 'Curbside Hoodie',
    description: 'Heavyweight pullover hoodie for the late cruise nights. Back in stock soon.',
    category: 'apparel',
    price: 5499,
    shippingFee: 1000,
    stock: 0,
    sku: 'MERCH-HOODIE',
    featured: false,
    isMerch: true,
    printSize: null,
    printType: null,
    art: 'hoodie',
    color: '#16a085',
  },
];

const DAY = 24 * 60 * 60 * 1000;

export interface DemoEvent {
  /** Names the event's picture in the photo storage: demo/events/<key>.jpg. */
  key: string;
  title: string;
  description: string;
  location: string;
  /** Days from now, and the hour (UTC) it starts: evening in US Central time. */
  days: number;
  utcHour: number;
  fbEventUrl: string | null;
  /** The event's picture (see meetSvg): three demo cars (DEMO_CARS slugs) at the meet, in its scene. */
  picture: { scene: Scene; cars: [string, string, string] };
}

/** Car meets: three coming up, one already past. */
export const DEMO_EVENTS: DemoEvent[] = [
  {
    key: 'friday-night-cruise-in',
    title: 'Friday Night Curbside Cruise-In',
    description:
      'Our monthly cruise-in: park up, walk around, vote for your favourites. The photo crew shoots every car that ' +
      'wants a Curbside profile. Free entry, food trucks from 6 PM.',
    location: 'Deep Ellum, Dallas, TX',
    days: 9,
    utcHour: 23,
    fbEventUrl: 'https://www.facebook.com/events/',
    picture: { scene: 'night', cars: ['ford-model-b-deuce-roadster', 'toyota-land-cruiser-fj60', 'bmw-m3-e46'] },
  },
  {
    key: 'jdm-sunday-harbor',
    title: 'JDM Sunday at the Harbor',
    description: 'Japanese classics and tuners by the water. Sunrise photo session for the first 40 cars.',
    location: 'Kemah Boardwalk, Kemah, TX',
    days: 23,
    utcHour: 14,
    fbEventUrl: null,
    picture: { scene: 'dusk', cars: ['mazda-rx-7-fd3s', 'toyota-supra-turbo-a80', 'nissan-skyline-gt-r-v-spec-r34'] },
  },
  {
    key: 'exotics-and-espresso',
    title: 'Exotics & Espresso',
    description: 'Supercars, hypercars and very good coffee. Spectators welcome; show cars by registration.',
    location: 'The Domain, Austin, TX',
    days: 45,
    utcHour: 15,
    fbEventUrl: null,
    picture: { scene: 'garage', cars: ['mclaren-570s', 'porsche-911-carrera-3-2', 'lamborghini-huracan-performante'] },
  },
  {
    key: 'muscle-car-mayhem',
    title: 'Muscle Car Mayhem',
    description: 'American iron, burnout pad and a quarter-mile grudge list. Thanks to everyone who came out!',
    location: 'Texas Motorplex, Ennis, TX',
    days: -20,
    utcHour: 22,
    fbEventUrl: null,
    picture: { scene: 'track', cars: ['chevrolet-chevelle-ss-454', 'chevrolet-bel-air', 'dodge-charger-r-t'] },
  },
];

/** The event rows, dated relative to `now`; `imageFor` gives an event's picture URL. */
export function demoEvents(now: Date, imageFor: (event: DemoEvent) => string) {
  return DEMO_EVENTS.map((event) => {
    const eventDate = new Date(now.getTime() + event.days * DAY);
    eventDate.setUTCHours(event.utcHour, 0, 0, 0);
    return {
      title: event.title,
      description: event.description,
      location: event.location,
      eventDate,
      imageUrl: imageFor(event),
      fbEventUrl: event.fbEventUrl,
      active: true,
    };
  });
}
