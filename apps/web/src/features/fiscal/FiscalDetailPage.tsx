import { Navigate, useParams } from 'react-router';
import { CashMovementDetail } from './CashMovementDetail';
import { ClosureDetail } from './ClosureDetail';
import { CreditDetail } from './CreditDetail';
import { isFiscalDetailKind } from './fiscalNavigation';
import { OrderDetail } from './OrderDetail';
import { OrderLineDetail } from './OrderLineDetail';
import { PaymentLineDetail } from './PaymentLineDetail';
import { ReceiptDetail } from './ReceiptDetail';
import { ServiceDetail } from './ServiceDetail';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/administration-fiscale/{kind}/details/{id}`: the detail screen of that kind of record; the kind
 * comes from the route's own path, or from the address on `FISCAL_DETAIL_ROUTE`.
 */
export function FiscalDetailPage({ kind: routeKind }: { kind?: string }) {
  const params = useParams();
  const { id } = params;
  const kind = routeKind ?? params.kind;
  // Records are named by UUIDs, kinds are the spec's: anything else is an unknown report id (spec 2 §2).
  if (!id || !UUID.test(id) || !isFiscalDetailKind(kind)) return <Navigate to="/404" replace />;
  // A key per record: drilling from one record to another of the same kind starts a fresh screen.
  switch (kind) {
    case 'clotures':
      return <ClosureDetail key={id} id={id} />;
    case 'services':
      return <ServiceDetail key={id} id={id} />;
    case 'commandes':
      return <OrderDetail key={id} id={id} />;
    case 'orderlines':
      return <OrderLineDetail key={id} id={id} />;
    case 'paymentlines':
      return <PaymentLineDetail key={id} id={id} />;
    case 'receipt':
      return <ReceiptDetail key={id} id={id} />;
    case 'mvtcaisse':
      return <CashMovementDetail key={id} id={id} />;
    case 'credit':
      return <CreditDetail key={id} id={id} />;
  }
}
