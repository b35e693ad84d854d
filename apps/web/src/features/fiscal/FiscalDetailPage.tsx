import { Navigate, useParams } from 'react-router';
import { CashMovementDetail } from './CashMovementDetail';
import { ClosureDetail } from './ClosureDetail';
import { CreditDetail } from './CreditDetail';
import { OrderDetail } from './OrderDetail';
import { OrderLineDetail } from './OrderLineDetail';
import { PaymentLineDetail } from './PaymentLineDetail';
import { ReceiptDetail } from './ReceiptDetail';
import { ServiceDetail } from './ServiceDetail';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/administration-fiscale/{kind}/details/{id}`: the detail screen of that kind of record. */
export function FiscalDetailPage({ kind }: { kind: string }) {
  const { id } = useParams();
  // Records are named by UUIDs: anything else is an unknown report id (spec 2 §2).
  if (!id || !UUID.test(id)) return <Navigate to="/404" replace />;
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
    default:
      return <Navigate to="/404" replace />;
  }
}
