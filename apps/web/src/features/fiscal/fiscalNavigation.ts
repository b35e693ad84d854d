import { useLocation } from 'react-router';

/** The detail screens' route kinds (spec 2 §2 "Routes"). */
export const FISCAL_DETAIL_KINDS = [
  'clotures',
  'services',
  'commandes',
  'mvtcaisse',
  'orderlines',
  'receipt',
  'paymentlines',
  'credit',
] as const;

export type FiscalDetailKind = (typeof FISCAL_DETAIL_KINDS)[number];

export const FISCAL_HOME = '/administration-fiscale';

/**
 * Every detail address, whatever its kind: an unknown kind reaches the detail page, which sends it
 * to /404 as an unknown report id (spec 2 §2), rather than the catch-all « Oups ! ».
 */
export const FISCAL_DETAIL_ROUTE = 'administration-fiscale/:kind/details/:id';

export function isFiscalDetailKind(kind: string | undefined): kind is FiscalDetailKind {
  return (FISCAL_DETAIL_KINDS as readonly (string | undefined)[]).includes(kind);
}

/**
 * What a row's click carries to its detail screen (spec 2 §2): the row itself and the cash register
 * id; `serviceId` / `orderId` name the parent for records the API reads through it.
 */
export interface FiscalDetailState<Row> {
  row: Row;
  registerId?: string | null;
  serviceId?: string;
  orderId?: string;
}

/** `/administration-fiscale/{kind}/details/{id}`; the parent service travels in the query too. */
export function detailPath(kind: FiscalDetailKind, id: string, parent: { serviceId?: string } = {}): string {
  const path = `${FISCAL_HOME}/${kind}/details/${encodeURIComponent(id)}`;
  return parent.serviceId ? `${path}?service=${encodeURIComponent(parent.serviceId)}` : path;
}

export function detailLink<Row>(
  kind: FiscalDetailKind,
  id: string,
  state: FiscalDetailState<Row>,
): { to: string; state: FiscalDetailState<Row> } {
  return { to: detailPath(kind, id, { serviceId: state.serviceId }), state };
}

/** The navigation state, when it is about the record in the address (not a stale one after a reload). */
export function useDetailState<Row extends { id: string }>(id: string): Partial<FiscalDetailState<Row>> {
  const location = useLocation();
  const state = location.state as Partial<FiscalDetailState<Row>> | null;
  if (!state || typeof state !== 'object') return {};
  return state.row && state.row.id === id ? state : { ...state, row: undefined };
}
