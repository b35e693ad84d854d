import type { CatalogRequest } from '@comptoir/contracts';
import type { DemoEstablishment } from './identity';
import { menuFor, vatRateFor, type VatClass } from './menus';
import type { StaffMember } from './people';
import { profileFor, type RoomName } from './profiles';
import { uuidFromName } from './random';

export type PaymentCode = 'cash' | 'card' | 'voucher' | 'account' | 'credit' | 'cheque';

export interface PaymentType {
  id: string;
  name: string;
  code: PaymentCode;
  isCash: boolean;
}

export interface CatalogProduct {
  id: string;
  name: string;
  price: number;
  categoryId: string;
  categoryKey: string;
  categoryName: string;
  vat: VatClass;
  /** Relative popularity inside its category: the first items of a menu section sell most. */
  weight: number;
}

export interface CatalogCategory {
  id: string;
  key: string;
  name: string;
  vat: VatClass;
  takeaway: boolean;
  products: CatalogProduct[];
  /** Products with their popularity, ready for a weighted pick. */
  weighted: (readonly [CatalogProduct, number])[];
}

export interface CatalogRoom {
  id: string;
  name: RoomName;
  register: number;
  indoorShare: number;
  covers: readonly [number, number][];
  tables: { id: string; name: string; seats: number }[];
}

/** An establishment's menu, floor plan, payment types and staff, with the ids its registers use. */
export interface EstablishmentCatalog {
  request: CatalogRequest;
  categories: Map<string, CatalogCategory>;
  categoryById: Map<string, CatalogCategory>;
  /** Components of each set menu, by the set menu's product id: one list of choices per course. */
  formulas: Map<string, (readonly [CatalogProduct, number])[][]>;
  paymentTypes: Record<PaymentCode, PaymentType>;
  rooms: CatalogRoom[];
  staff: StaffMember[];
}

const PAYMENT_TYPES: readonly [PaymentCode, string, string, boolean][] = [
  ['cash', 'Espèces', 'ESP', true],
  ['card', 'Carte bancaire', 'CB', false],
  ['voucher', 'Titre-restaurant', 'TR', false],
  ['account', 'Compte client', 'CPTE', false],
  ['credit', 'Avoir', 'AVOIR', false],
  ['cheque', 'Chèque', 'CHQ', false],
];

/** Payment types in catalogue order, which is also the order of payment totals in services and closures. */
export const PAYMENT_CODES: readonly PaymentCode[] = PAYMENT_TYPES.map(([code]) => code);

export function establishmentCatalog(establishment: DemoEstablishment): EstablishmentCatalog {
  const key = establishment.key;
  const menu = menuFor(establishment.activity);
  const profile = profileFor(establishment.activity);
  const categories = new Map<string, CatalogCategory>();
  for (const category of menu.categories) {
    const categoryId = uuidFromName(`category/${key}/${category.key}`);
    const products = category.products.map(([name, price], i) => ({
      id: uuidFromName(`product/${key}/${category.key}/${name}`),
      name,
      price,
      categoryId,
      categoryKey: category.key,
      categoryName: category.name,
      vat: category.vat,
      weight: 1 / (1 + 0.18 * i),
    }));
    categories.set(category.key, {
      id: categoryId,
      key: category.key,
      name: category.name,
      vat: category.vat,
      takeaway: category.takeaway,
      products,
      weighted: products.map((p) => [p, p.weight] as const),
    });
  }
  const formulas = new Map<string, (readonly [CatalogProduct, number])[][]>();
  for (const formula of menu.formulas) {
    const parent = [...categories.values()]
      .flatMap((c) => c.products)
      .find((p) => p.name === formula.product);
    if (!parent) throw new Error(`set menu ${formula.product} is not on the ${key} menu`);
    formulas.set(
      parent.id,
      formula.components.map((component) => {
        const products = categories.get(component.category)?.products ?? [];
        const chosen = component.products
          ? products.filter((p) => component.products?.includes(p.name))
          : products;
        if (chosen.length === 0) throw new Error(`empty course in ${formula.product}`);
        return chosen.map((p) => [p, p.weight] as const);
      }),
    );
  }
  const paymentTypes = Object.fromEntries(
    PAYMENT_TYPES.map(([code, name, paymentCode, isCash]) => [
      code,
      { id: uuidFromName(`payment-type/${key}/${code}`), name, code: paymentCode, isCash } as PaymentType,
    ]),
  ) as Record<PaymentCode, PaymentType>;
  const rooms: CatalogRoom[] = profile.rooms.map((room) => ({
    id: uuidFromName(`room/${key}/${room.name}`),
    name: room.name,
    register: room.register,
    indoorShare: room.indoorShare,
    covers: room.covers,
    tables: room.tables.map((name, i) => ({
      id: uuidFromName(`table/${key}/${room.name}/${name}`),
      name,
      seats: room.name === 'Bar' ? 2 : i % 5 === 0 ? 6 : i % 3 === 0 ? 2 : 4,
    })),
  }));
  const staff: StaffMember[] = profile.staff.map(([firstname, lastname, role]) => ({
    id: uuidFromName(`staff/${key}/${firstname} ${lastname}`),
    firstname,
    lastname,
    role,
  }));
  const request: CatalogRequest = {
    vatRates: [
      { id: uuidFromName(`vat/${key}/550`), rateBp: 550, label: 'TVA 5,5 %' },
      { id: uuidFromName(`vat/${key}/1000`), rateBp: 1000, label: 'TVA 10 %' },
      { id: uuidFromName(`vat/${key}/2000`), rateBp: 2000, label: 'TVA 20 %' },
    ],
    categories: [...categories.values()].map((c, position) => ({ id: c.id, name: c.name, position })),
    products: [...categories.values()].flatMap((c) =>
      c.products.map((p) => ({
        id: p.id,
        categoryId: c.id,
        name: p.name,
        price: p.price,
        vatRateBp: vatRateFor(p.vat, 1),
        productType: formulas.has(p.id) ? 'formula' : 'product',
        isActive: true,
      })),
    ),
    paymentTypes: PAYMENT_CODES.map((code) => {
      const { id, name, code: paymentCode, isCash } = paymentTypes[code];
      return { id, name, code: paymentCode, isCash };
    }),
    rooms: rooms.map((r) => ({ id: r.id, name: r.name, tables: r.tables })),
    staff: staff.map((s) => ({ id: s.id, firstname: s.firstname, lastname: s.lastname, role: s.role })),
  };
  const categoryById = new Map([...categories.values()].map((c) => [c.id, c]));
  return { request, categories, categoryById, formulas, paymentTypes, rooms, staff };
}
