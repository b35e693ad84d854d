import { useI18n } from './fiscal.i18n';
import { orderLineColumns } from './fiscalColumns';
import { fiscalQueries } from './fiscalQueries';
import { OrderRecordDetail } from './OrderRecordDetail';

/** An order line and its history. */
export function OrderLineDetail({ id }: { id: string }) {
  const { t } = useI18n();
  return (
    <OrderRecordDetail
      id={id}
      orderRecords={(orderId) => fiscalQueries.tracking('order-line', { objectId: id, orderId })}
      columns={orderLineColumns}
      title={(line) =>
        line
          ? t('fiscal.orderLine.title', { product: line.product_name })
          : t('fiscal.orderLine.titleUnknown')
      }
    />
  );
}
