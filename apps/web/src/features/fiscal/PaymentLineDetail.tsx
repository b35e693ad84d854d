import { useI18n } from './fiscal.i18n';
import { formatCell } from '../../ui/tableCells';
import { paymentLineColumns } from './fiscalColumns';
import { fiscalQueries } from './fiscalQueries';
import { OrderRecordDetail } from './OrderRecordDetail';

/** A payment line and its history. */
export function PaymentLineDetail({ id }: { id: string }) {
  const { t } = useI18n();
  return (
    <OrderRecordDetail
      id={id}
      orderRecords={(orderId) => fiscalQueries.tracking('payment-line', { objectId: id, orderId })}
      columns={paymentLineColumns}
      title={(line) =>
        line
          ? t('fiscal.paymentLine.title', { name: line.name, amount: formatCell('amount', line.amount) })
          : t('fiscal.paymentLine.titleUnknown')
      }
    />
  );
}
