import { Fragment, useState } from 'react';
import type { WareItem, WareRow } from '@comptoir/contracts';
import type { MessageKey } from './bardistrib.i18n';
import { useI18n } from './bardistrib.i18n';
import { formatInteger } from '../../ui/numbers';
import { differenceTone } from './wareAnalysisFilters';

const DIFFERENCE_LABELS = {
  loss: 'bardistrib.difference.loss',
  missing: 'bardistrib.difference.missing',
  even: 'bardistrib.difference.even',
} as const satisfies Record<ReturnType<typeof differenceTone>, MessageKey>;

/** Spec 3 §2: the categories of wares, each expandable into its wares; a ware opens its detail. */
export function WareAnalysisTable({
  rows,
  isSeveralCompanies,
  onOpenWare,
}: {
  rows: readonly WareRow[];
  isSeveralCompanies: boolean;
  onOpenWare: (ware: WareItem) => void;
}) {
  const { t, plural } = useI18n();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  function toggle(category: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(category)) next.delete(category);
      else next.add(category);
      return next;
    });
  }

  return (
    <div className="ware-table-scroll card">
      <table className="ware-table">
        <caption className="visually-hidden">{t('bardistrib.table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bardistrib.column.category')}</th>
            <th scope="col" className="ware-number">
              {t('bardistrib.column.products')}
            </th>
            <th scope="col" className="ware-number">
              {t('bardistrib.column.inShift')}
            </th>
            <th scope="col" className="ware-number">
              {t('bardistrib.column.outShift')}
            </th>
            <th scope="col" className="ware-number">
              {t('bardistrib.column.wares')}
            </th>
            <th scope="col" className="ware-number">
              {t('bardistrib.column.difference')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const isExpanded = expanded.has(row.category_ware_name);
            return (
              <Fragment key={row.category_ware_name}>
                <tr className="ware-category-row">
                  <th scope="row">
                    <button
                      type="button"
                      className="ware-expand"
                      aria-expanded={isExpanded}
                      onClick={() => toggle(row.category_ware_name)}
                    >
                      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                        <path
                          d="M9 6l6 6-6 6"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                          strokeLinecap="round"
                        />
                      </svg>
                      <span>{row.category_ware_name}</span>{' '}
                      {/* Named by what it shows (WCAG 2.5.3), the count with its unit for a screen reader. */}
                      <span className="ware-count" aria-hidden="true">
                        {formatInteger(row.wares.length)}
                      </span>
                      <span className="visually-hidden">
                        {plural('bardistrib.category.wares', row.wares.length)}
                      </span>
                    </button>
                  </th>
                  <Figures
                    products={row.total_products}
                    inShift={row.total_in_shift}
                    outShift={row.total_out_shift}
                    wares={row.total_wares}
                    difference={row.difference}
                  />
                </tr>
                {isExpanded
                  ? row.wares.map((ware) => (
                      <tr key={ware.id_ware} className="ware-item-row">
                        <th scope="row">
                          <button
                            type="button"
                            className="ware-open"
                            aria-label={t('bardistrib.openWare', {
                              ware: isSeveralCompanies
                                ? `${ware.ware_name} ${ware.company_name}`
                                : ware.ware_name,
                            })}
                            onClick={() => onOpenWare(ware)}
                          >
                            <span className="ware-name">{ware.ware_name}</span>
                            {isSeveralCompanies ? (
                              <span className="ware-company">{ware.company_name}</span>
                            ) : null}
                          </button>
                        </th>
                        <Figures
                          products={ware.ware_products}
                          inShift={ware.total_in_shift}
                          outShift={ware.total_out_shift}
                          wares={ware.total_wares}
                          difference={ware.difference}
                        />
                      </tr>
                    ))
                  : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Figures(props: {
  products: number;
  inShift: number;
  outShift: number;
  wares: number;
  difference: number;
}) {
  const { t } = useI18n();
  const tone = differenceTone(props.difference);
  return (
    <>
      <td className="ware-number">{formatInteger(props.products)}</td>
      <td className="ware-number">{formatInteger(props.inShift)}</td>
      <td className="ware-number">{formatInteger(props.outShift)}</td>
      <td className="ware-number">{formatInteger(props.wares)}</td>
      <td className="ware-number">
        <span className={`ware-difference ware-difference-${tone}`} title={t(DIFFERENCE_LABELS[tone])}>
          {props.difference > 0 ? '+' : ''}
          {formatInteger(props.difference)}
        </span>
      </td>
    </>
  );
}
