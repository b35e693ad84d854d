// Over 400 lines: the five establishment profiles as data (services, courses, rooms, seasons) and the rules that read them.
import { addCalendarDays, dayOfWeek } from '@comptoir/contracts';
import { isPublicHoliday, monthOf } from './dates';
import type { Activity } from './identity';

export type RoomName = 'Salle' | 'Terrasse' | 'Bar';

/** A category of the menu an order may hold, with the chance an order takes it and how many units. */
export interface Course {
  category: string;
  chance: number;
  /** Units scale with the covers (a dish each) or stay at one or two (a bottle, a board). */
  perCover: boolean;
  /** Share of the covers that take it, when perCover. */
  share?: number;
}

export interface ServiceProfile {
  key: string;
  name: string;
  /** Paris wall-clock minutes after midnight of the business day; beyond 1440 is after midnight. */
  start: number;
  end: number;
  lastOrder: number;
  /** Arrival peaks: a mixture of normal laws over the opening time of orders. */
  peaks: readonly { at: number; sd: number; weight: number }[];
  share: number;
  /** Courses by time of day: the first whose `until` is after the order's opening is used. */
  courses: readonly { until: number; onSite: readonly Course[]; takeaway: readonly Course[] }[];
  /** Courses at the counter (the Bar room) when it is not the establishment's main room. */
  counter?: readonly Course[];
  /** Titres-restaurant are accepted for orders opened in this window (lunch only). */
  mealVouchersFrom?: number;
  mealVouchersUntil?: number;
  /** Happy hour: beers and cocktails discounted on orders opened before this minute. */
  happyHourUntil?: number;
  onSiteMinutes: readonly [number, number];
  tipChance: number;
}

export interface EstablishmentProfile {
  activity: Activity;
  ordersPerDay: readonly [number, number];
  /** 0 Sunday ... 6 Saturday. */
  closedWeekdays: readonly number[];
  closedDates: readonly string[]; // MM-DD
  closedOnPublicHolidays: boolean;
  weekdayFactor: readonly number[];
  monthFactor: readonly number[];
  services: readonly ServiceProfile[];
  /** On site, takeaway, delivery. */
  activityMix: readonly [number, number, number];
  /** Floor plan: which register takes a room's orders, its share of indoor orders, party sizes. */
  rooms: readonly {
    name: RoomName;
    tables: readonly string[];
    register: number;
    indoorShare: number;
    covers: readonly [number, number][];
  }[];
  /** Share of the terrace among on-site orders, by month (January first). */
  terraceShare: readonly number[];
  /** Register index that takes takeaway and delivery orders. */
  takeawayRegister: number;
  /** Share of payments made in cash (the rest mostly by card). */
  cashShare: number;
  customerAccounts: number;
  /** Share of pre-loaded accounts (type 1) among them; the rest are open tabs. */
  preloadedAccountShare: number;
  /** Open tabs get a card number too (pre-loaded accounts always have one). */
  hasTabCards: boolean;
  customerAccountOrderChance: number;
  staff: readonly [
    firstname: string,
    lastname: string,
    role: 'gérant' | 'responsable' | 'serveur' | 'barman' | 'cuisinier',
  ][];
}

const tables = (prefix: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

const mealCovers: [number, number][] = [
  [1, 20],
  [2, 40],
  [3, 14],
  [4, 17],
  [5, 5],
  [6, 4],
];
const counterCovers: [number, number][] = [
  [1, 62],
  [2, 38],
];

const brasserie: EstablishmentProfile = {
  activity: 'brasserie',
  ordersPerDay: [55, 80],
  closedWeekdays: [],
  closedDates: ['05-01', '12-25'],
  closedOnPublicHolidays: false,
  weekdayFactor: [1.15, 0.84, 0.88, 0.93, 1.0, 1.14, 1.22],
  monthFactor: [0.88, 0.9, 0.96, 1.0, 1.04, 1.1, 1.1, 0.8, 1.0, 1.0, 0.97, 1.12],
  services: [
    {
      key: 'midi',
      name: 'Déjeuner',
      start: 11 * 60 + 45,
      end: 14 * 60 + 30,
      lastOrder: 14 * 60,
      peaks: [{ at: 12 * 60 + 40, sd: 30, weight: 1 }],
      share: 0.56,
      mealVouchersFrom: 0,
      mealVouchersUntil: 24 * 60,
      tipChance: 0.06,
      onSiteMinutes: [35, 80],
      counter: [
        { category: 'hot', chance: 0.55, perCover: true, share: 1 },
        { category: 'beers', chance: 0.3, perCover: true, share: 0.8 },
        { category: 'wines', chance: 0.2, perCover: true, share: 0.8 },
        { category: 'aperitifs', chance: 0.12, perCover: true, share: 0.8 },
        { category: 'softs', chance: 0.18, perCover: false },
        { category: 'juices', chance: 0.06, perCover: false },
        { category: 'mains', chance: 0.12, perCover: false },
        { category: 'desserts', chance: 0.06, perCover: false },
      ],
      courses: [
        {
          until: 24 * 60,
          onSite: [
            { category: 'formulas', chance: 0.3, perCover: true, share: 0.8 },
            { category: 'mains', chance: 0.6, perCover: true, share: 0.8 },
            { category: 'starters', chance: 0.12, perCover: true, share: 0.5 },
            { category: 'desserts', chance: 0.14, perCover: true, share: 0.5 },
            { category: 'hot', chance: 0.42, perCover: true, share: 0.6 },
            { category: 'wines', chance: 0.26, perCover: false },
            { category: 'beers', chance: 0.1, perCover: true, share: 0.5 },
            { category: 'softs', chance: 0.16, perCover: true, share: 0.4 },
            { category: 'juices', chance: 0.04, perCover: false },
          ],
          takeaway: [
            { category: 'mains', chance: 0.85, perCover: false },
            { category: 'desserts', chance: 0.35, perCover: false },
            { category: 'softs', chance: 0.4, perCover: false },
          ],
        },
      ],
    },
    {
      key: 'soir',
      name: 'Dîner',
      start: 19 * 60,
      end: 22 * 60 + 45,
      lastOrder: 22 * 60 + 15,
      peaks: [{ at: 20 * 60 + 25, sd: 45, weight: 1 }],
      share: 0.44,
      tipChance: 0.12,
      onSiteMinutes: [55, 120],
      counter: [
        { category: 'hot', chance: 0.55, perCover: true, share: 1 },
        { category: 'beers', chance: 0.3, perCover: true, share: 0.8 },
        { category: 'wines', chance: 0.2, perCover: true, share: 0.8 },
        { category: 'aperitifs', chance: 0.12, perCover: true, share: 0.8 },
        { category: 'softs', chance: 0.18, perCover: false },
        { category: 'juices', chance: 0.06, perCover: false },
        { category: 'mains', chance: 0.12, perCover: false },
        { category: 'desserts', chance: 0.06, perCover: false },
      ],
      courses: [
        {
          until: 30 * 60,
          onSite: [
            { category: 'formulas', chance: 0.12, perCover: true, share: 0.6 },
            { category: 'mains', chance: 0.8, perCover: true, share: 0.9 },
            { category: 'starters', chance: 0.34, perCover: true, share: 0.6 },
            { category: 'desserts', chance: 0.34, perCover: true, share: 0.6 },
            { category: 'sides', chance: 0.06, perCover: false },
            { category: 'cheeses', chance: 0.05, perCover: false },
            { category: 'wines', chance: 0.42, perCover: false },
            { category: 'aperitifs', chance: 0.16, perCover: true, share: 0.6 },
            { category: 'beers', chance: 0.1, perCover: true, share: 0.5 },
            { category: 'hot', chance: 0.18, perCover: true, share: 0.5 },
            { category: 'softs', chance: 0.08, perCover: true, share: 0.4 },
            { category: 'digestifs', chance: 0.06, perCover: true, share: 0.4 },
          ],
          takeaway: [
            { category: 'mains', chance: 0.9, perCover: false },
            { category: 'starters', chance: 0.15, perCover: false },
            { category: 'desserts', chance: 0.3, perCover: false },
            { category: 'softs', chance: 0.3, perCover: false },
          ],
        },
      ],
    },
  ],
  activityMix: [0.88, 0.07, 0.05],
  rooms: [
    { name: 'Salle', tables: tables('T', 1, 28), register: 0, indoorShare: 0.8, covers: mealCovers },
    { name: 'Terrasse', tables: tables('T', 40, 59), register: 2, indoorShare: 0, covers: mealCovers },
    { name: 'Bar', tables: tables('C', 1, 8), register: 1, indoorShare: 0.2, covers: counterCovers },
  ],
  terraceShare: [0.04, 0.05, 0.14, 0.25, 0.36, 0.46, 0.5, 0.46, 0.36, 0.2, 0.07, 0.04],
  takeawayRegister: 1,
  cashShare: 0.18,
  customerAccounts: 150,
  preloadedAccountShare: 0.35,
  hasTabCards: false,
  customerAccountOrderChance: 0.045,
  staff: [
    ['Bernard', 'Dupont', 'gérant'],
    ['Sandrine', 'Moreau', 'responsable'],
    ['Karim', 'Benali', 'responsable'],
    ['Léa', 'Fournier', 'serveur'],
    ['Hugo', 'Girard', 'serveur'],
    ['Chloé', 'Bonnet', 'serveur'],
    ['Maxime', 'Roux', 'serveur'],
    ['Inès', 'Lambert', 'serveur'],
    ['Julien', 'Mercier', 'serveur'],
    ['Manon', 'Faure', 'serveur'],
    ['Thomas', 'Garnier', 'barman'],
    ['Sophie', 'Chevalier', 'barman'],
    ['Paul', 'Bocuse', 'cuisinier'],
  ],
};

const bar: EstablishmentProfile = {
  activity: 'bar',
  ordersPerDay: [25, 42],
  closedWeekdays: [1],
  closedDates: ['05-01', '12-24', '12-25'],
  closedOnPublicHolidays: false,
  weekdayFactor: [0.72, 0, 0.74, 0.84, 1.04, 1.3, 1.38],
  monthFactor: [0.86, 0.88, 0.95, 1.0, 1.08, 1.14, 1.14, 1.02, 1.04, 1.0, 0.95, 1.12],
  services: [
    {
      key: 'soir',
      name: 'Soirée',
      start: 18 * 60,
      end: 25 * 60 + 30,
      lastOrder: 25 * 60 + 10,
      peaks: [
        { at: 19 * 60 + 15, sd: 40, weight: 0.42 },
        { at: 22 * 60 + 40, sd: 75, weight: 0.58 },
      ],
      share: 1,
      happyHourUntil: 20 * 60,
      tipChance: 0.1,
      onSiteMinutes: [20, 150],
      courses: [
        {
          until: 21 * 60,
          onSite: [
            { category: 'cocktails', chance: 0.6, perCover: true, share: 0.8 },
            { category: 'beers', chance: 0.55, perCover: true, share: 0.7 },
            { category: 'wines', chance: 0.22, perCover: true, share: 0.6 },
            { category: 'mocktails', chance: 0.1, perCover: false },
            { category: 'nabeers', chance: 0.04, perCover: false },
            { category: 'softs', chance: 0.12, perCover: false },
            { category: 'boards', chance: 0.5, perCover: false },
          ],
          takeaway: [{ category: 'softs', chance: 1, perCover: false }],
        },
        {
          until: 30 * 60,
          onSite: [
            { category: 'cocktails', chance: 0.66, perCover: true, share: 0.9 },
            { category: 'beers', chance: 0.48, perCover: true, share: 0.7 },
            { category: 'spirits', chance: 0.25, perCover: true, share: 0.5 },
            { category: 'shooters', chance: 0.15, perCover: true, share: 0.8 },
            { category: 'wines', chance: 0.12, perCover: false },
            { category: 'mocktails', chance: 0.08, perCover: false },
            { category: 'softs', chance: 0.1, perCover: false },
            { category: 'boards', chance: 0.2, perCover: false },
            { category: 'hot', chance: 0.03, perCover: false },
          ],
          takeaway: [{ category: 'softs', chance: 1, perCover: false }],
        },
      ],
    },
  ],
  activityMix: [1, 0, 0],
  rooms: [
    { name: 'Bar', tables: tables('C', 1, 12), register: 0, indoorShare: 0.45, covers: counterCovers },
    { name: 'Salle', tables: tables('T', 1, 18), register: 1, indoorShare: 0.55, covers: mealCovers },
    { name: 'Terrasse', tables: tables('T', 30, 41), register: 1, indoorShare: 0, covers: mealCovers },
  ],
  terraceShare: [0.05, 0.06, 0.15, 0.25, 0.35, 0.42, 0.45, 0.42, 0.35, 0.2, 0.08, 0.05],
  takeawayRegister: 0,
  cashShare: 0.2,
  customerAccounts: 80,
  preloadedAccountShare: 0.35,
  hasTabCards: false,
  customerAccountOrderChance: 0.06,
  staff: [
    ['Bernard', 'Dupont', 'gérant'],
    ['Élodie', 'Perrin', 'responsable'],
    ['Yann', 'Tanguy', 'barman'],
    ['Clément', 'Robin', 'barman'],
    ['Margaux', 'Blanc', 'barman'],
    ['Adrien', 'Joly', 'serveur'],
    ['Zoé', 'Brunet', 'serveur'],
    ['Bastien', 'Meyer', 'serveur'],
  ],
};

const cafe: EstablishmentProfile = {
  activity: 'cafe',
  ordersPerDay: [30, 48],
  closedWeekdays: [0],
  closedDates: [],
  closedOnPublicHolidays: true,
  weekdayFactor: [0, 1.0, 0.96, 1.0, 1.0, 1.06, 0.94],
  monthFactor: [0.95, 0.95, 1.0, 1.0, 1.04, 1.05, 1.0, 0.82, 1.04, 1.04, 1.0, 1.05],
  services: [
    {
      key: 'jour',
      name: 'Service du jour',
      start: 7 * 60,
      end: 14 * 60,
      lastOrder: 13 * 60 + 40,
      peaks: [
        { at: 8 * 60 + 15, sd: 45, weight: 0.5 },
        { at: 10 * 60 + 30, sd: 40, weight: 0.14 },
        { at: 12 * 60 + 35, sd: 35, weight: 0.36 },
      ],
      share: 1,
      mealVouchersFrom: 11 * 60 + 30,
      mealVouchersUntil: 24 * 60,
      tipChance: 0.02,
      onSiteMinutes: [6, 45],
      courses: [
        {
          until: 11 * 60 + 15,
          onSite: [
            { category: 'hot', chance: 0.9, perCover: true, share: 1 },
            { category: 'pastries', chance: 0.58, perCover: true, share: 0.9 },
            { category: 'breakfast', chance: 0.14, perCover: true, share: 0.7 },
            { category: 'juices', chance: 0.2, perCover: true, share: 0.6 },
            { category: 'softs', chance: 0.06, perCover: false },
            { category: 'mains', chance: 0.05, perCover: false },
          ],
          takeaway: [
            { category: 'hot', chance: 0.8, perCover: false },
            { category: 'pastries', chance: 0.6, perCover: false },
            { category: 'juices', chance: 0.1, perCover: false },
          ],
        },
        {
          until: 24 * 60,
          onSite: [
            { category: 'formulas', chance: 0.26, perCover: true, share: 0.7 },
            { category: 'mains', chance: 0.4, perCover: true, share: 0.8 },
            { category: 'sandwiches', chance: 0.16, perCover: true, share: 0.7 },
            { category: 'desserts', chance: 0.3, perCover: true, share: 0.6 },
            { category: 'hot', chance: 0.48, perCover: true, share: 0.8 },
            { category: 'softs', chance: 0.3, perCover: true, share: 0.5 },
            { category: 'beers', chance: 0.06, perCover: false },
            { category: 'wines', chance: 0.08, perCover: false },
          ],
          takeaway: [
            { category: 'formulas', chance: 0.4, perCover: false },
            { category: 'sandwiches', chance: 0.55, perCover: false },
            { category: 'softs', chance: 0.45, perCover: false },
            { category: 'desserts', chance: 0.3, perCover: false },
            { category: 'hot', chance: 0.2, perCover: false },
          ],
        },
      ],
    },
  ],
  activityMix: [0.72, 0.28, 0],
  rooms: [
    { name: 'Bar', tables: tables('C', 1, 6), register: 0, indoorShare: 0.4, covers: counterCovers },
    {
      name: 'Salle',
      tables: tables('T', 1, 14),
      register: 0,
      indoorShare: 0.6,
      covers: [
        [1, 50],
        [2, 34],
        [3, 10],
        [4, 6],
      ],
    },
    {
      name: 'Terrasse',
      tables: tables('T', 20, 31),
      register: 0,
      indoorShare: 0,
      covers: [
        [1, 45],
        [2, 36],
        [3, 11],
        [4, 8],
      ],
    },
  ],
  terraceShare: [0.05, 0.07, 0.16, 0.26, 0.34, 0.4, 0.44, 0.42, 0.34, 0.2, 0.08, 0.05],
  takeawayRegister: 0,
  cashShare: 0.38,
  customerAccounts: 70,
  preloadedAccountShare: 0.35,
  hasTabCards: false,
  customerAccountOrderChance: 0.05,
  staff: [
    ['Nathalie', 'Dupont', 'gérant'],
    ['Aurélie', 'Gauthier', 'responsable'],
    ['Loïc', 'Marchand', 'serveur'],
    ['Camille', 'Duval', 'serveur'],
    ['Théo', 'Lemaire', 'serveur'],
    ['Alice', 'Noël', 'serveur'],
  ],
};

const creperie: EstablishmentProfile = {
  activity: 'creperie',
  ordersPerDay: [12, 22],
  closedWeekdays: [2],
  closedDates: ['01-01', '05-01', '12-25'],
  closedOnPublicHolidays: false,
  weekdayFactor: [1.28, 0.88, 0, 0.84, 0.9, 1.1, 1.3],
  monthFactor: [0.86, 0.94, 0.95, 1.0, 1.0, 1.08, 1.2, 1.16, 1.0, 0.95, 0.9, 1.04],
  services: [
    {
      key: 'midi',
      name: 'Déjeuner',
      start: 12 * 60,
      end: 14 * 60 + 30,
      lastOrder: 14 * 60,
      peaks: [{ at: 12 * 60 + 50, sd: 30, weight: 1 }],
      share: 0.45,
      mealVouchersFrom: 0,
      mealVouchersUntil: 24 * 60,
      tipChance: 0.05,
      onSiteMinutes: [40, 80],
      courses: [
        {
          until: 24 * 60,
          onSite: [
            { category: 'formulas', chance: 0.3, perCover: true, share: 0.7 },
            { category: 'galettes', chance: 0.66, perCover: true, share: 0.8 },
            { category: 'crepes', chance: 0.42, perCover: true, share: 0.6 },
            { category: 'salads', chance: 0.06, perCover: false },
            { category: 'ciders', chance: 0.3, perCover: false },
            { category: 'softs', chance: 0.2, perCover: true, share: 0.5 },
            { category: 'hot', chance: 0.3, perCover: true, share: 0.5 },
          ],
          takeaway: [
            { category: 'galettes', chance: 0.8, perCover: false },
            { category: 'crepes', chance: 0.6, perCover: false },
            { category: 'softs', chance: 0.35, perCover: false },
          ],
        },
      ],
    },
    {
      key: 'soir',
      name: 'Dîner',
      start: 19 * 60,
      end: 22 * 60 + 30,
      lastOrder: 22 * 60,
      peaks: [{ at: 20 * 60 + 15, sd: 40, weight: 1 }],
      share: 0.55,
      tipChance: 0.08,
      onSiteMinutes: [45, 90],
      courses: [
        {
          until: 30 * 60,
          onSite: [
            { category: 'galettes', chance: 0.85, perCover: true, share: 0.9 },
            { category: 'crepes', chance: 0.6, perCover: true, share: 0.7 },
            { category: 'formulas', chance: 0.06, perCover: false },
            { category: 'salads', chance: 0.05, perCover: false },
            { category: 'ciders', chance: 0.5, perCover: false },
            { category: 'beers', chance: 0.1, perCover: false },
            { category: 'wines', chance: 0.06, perCover: false },
            { category: 'softs', chance: 0.14, perCover: true, share: 0.5 },
            { category: 'hot', chance: 0.18, perCover: true, share: 0.5 },
          ],
          takeaway: [
            { category: 'galettes', chance: 0.85, perCover: false },
            { category: 'crepes', chance: 0.55, perCover: false },
            { category: 'softs', chance: 0.3, perCover: false },
          ],
        },
      ],
    },
  ],
  activityMix: [0.82, 0.11, 0.07],
  rooms: [
    { name: 'Salle', tables: tables('T', 1, 16), register: 0, indoorShare: 1, covers: mealCovers },
    { name: 'Terrasse', tables: tables('T', 20, 27), register: 0, indoorShare: 0, covers: mealCovers },
  ],
  terraceShare: [0.0, 0.0, 0.08, 0.18, 0.28, 0.38, 0.45, 0.45, 0.3, 0.12, 0.0, 0.0],
  takeawayRegister: 0,
  cashShare: 0.22,
  customerAccounts: 40,
  preloadedAccountShare: 0,
  hasTabCards: true,
  customerAccountOrderChance: 0.04,
  staff: [
    ['Gaël', 'Le Goff', 'gérant'],
    ['Anaïs', 'Le Gall', 'serveur'],
    ['Benoît', 'Kerbrat', 'serveur'],
    ['Marine', 'Guillou', 'cuisinier'],
  ],
};

const profiles: Record<Activity, EstablishmentProfile> = { brasserie, bar, cafe, creperie };

export function profileFor(activity: Activity): EstablishmentProfile {
  return profiles[activity];
}

export function isOpen(profile: EstablishmentProfile, day: string): boolean {
  if (profile.closedWeekdays.includes(dayOfWeek(day))) return false;
  if (profile.closedDates.includes(day.slice(5))) return false;
  return !(profile.closedOnPublicHolidays && isPublicHoliday(day));
}

/**
 * Expected customer orders of a day before noise: weekday, season, public holidays and a few local
 * events (Fête des Lumières on 8 December in Lyon, New Year's Eve, Fête de la musique).
 */
export function dayFactor(profile: EstablishmentProfile, day: string): number {
  let f = (profile.weekdayFactor[dayOfWeek(day)] ?? 1) * (profile.monthFactor[monthOf(day) - 1] ?? 1);
  const mmdd = day.slice(5);
  if (isPublicHoliday(day)) f *= profile.activity === 'bar' ? 0.9 : 1.15;
  if (profile.activity === 'bar' && isPublicHoliday(addCalendarDays(day, 1))) f *= 1.2;
  if (mmdd === '12-31') f *= profile.activity === 'cafe' ? 0.8 : 1.3;
  if (mmdd === '12-08' && profile.activity !== 'creperie') f *= 1.25;
  if (mmdd === '06-21' && profile.activity === 'bar') f *= 1.3;
  if (mmdd === '02-14' && profile.activity !== 'cafe') f *= 1.12;
  if (mmdd === '12-24') f *= 0.8;
  return f;
}
