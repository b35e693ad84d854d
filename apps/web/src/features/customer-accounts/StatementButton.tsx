import { useState } from 'react';
import {
  calendarMonthStart,
  customerStatementFileName,
  exportPeriodProblem,
  isCalendarDay,
  parisToday,
} from '@comptoir/contracts';
import { apiFile } from '../../api/api';
import { useI18n } from './customer-accounts.i18n';
import { DateRangeField } from '../../ui/DateRangeField';
import { downloadBlob } from '../../ui/downloadFile';
import { showFlash } from '../../ui/flash/flashStore';
import { Modal } from '../../ui/Modal';

/**
 * « Relevé de compte » (issue 31, item 25): a period (this month by default, a year at most), then the
 * customer's statement as a PDF — the balance brought forward, every charge, payment and top-up with
 * the balance after it — for the establishment the page shows (all the caller's when none).
 */
export function StatementButton({
  customerId,
  uniqId,
  companyId,
}: {
  customerId: string;
  uniqId: number | null;
  companyId: string | null;
}) {
  const { t } = useI18n();
  const [isOpen, setIsOpen] = useState(false);
  const [range, setRange] = useState(() => {
    const today = parisToday();
    return { start: calendarMonthStart(today), end: today };
  });
  const [isDownloading, setIsDownloading] = useState(false);
  const isValid =
    isCalendarDay(range.start) &&
    isCalendarDay(range.end) &&
    exportPeriodProblem(range.start, range.end) === null;

  async function download() {
    if (!isValid) return;
    setIsDownloading(true);
    try {
      const query = new URLSearchParams({
        customerId,
        start: range.start,
        end: range.end,
        ...(companyId ? { companyId } : {}),
      });
      const file = await apiFile(`/api/customer-account/statement?${query.toString()}`);
      downloadBlob(file.fileName ?? customerStatementFileName(uniqId, range.start, range.end), file.blob);
      setIsOpen(false);
    } catch (error) {
      showFlash({
        type: 'error',
        text: error instanceof Error && error.message ? error.message : t('customerDetail.statement.failed'),
      });
    } finally {
      setIsDownloading(false);
    }
  }

  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setIsOpen(true)}>
        {t('customerDetail.statement')}
      </button>
      {isOpen ? (
        <Modal
          isOpen
          title={t('customerDetail.statement.title')}
          onClose={() => setIsOpen(false)}
          isClosable={!isDownloading}
          footer={
            <>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setIsOpen(false)}
                disabled={isDownloading}
              >
                {t('customerDetail.statement.cancel')}
              </button>
              <button
                type="button"
                className="button button-primary"
                onClick={() => void download()}
                disabled={!isValid || isDownloading}
                aria-busy={isDownloading}
              >
                {t('customerDetail.statement.download')}
              </button>
            </>
          }
        >
          <p>{t('customerDetail.statement.explain')}</p>
          <DateRangeField
            value={range}
            onChange={setRange}
            maxSpan={{ years: 1, isAnniversaryIncluded: true }}
            startLabel={t('customerDetail.statement.start')}
            endLabel={t('customerDetail.statement.end')}
            isDisabled={isDownloading}
          />
        </Modal>
      ) : null}
    </>
  );
}
