import { useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  TICKET_LABEL_MAX_LENGTH,
  type CustomerAccountDetail,
  type CustomerNoteFilter,
  type TicketPayment,
  type TicketPdfAction,
} from '@comptoir/contracts';
import { useI18n } from './customer-accounts.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { Tabs } from '../../ui/Tabs';
import { customerDetailQueries } from './customerDetailQueries';
import { readTicketLabel, saveTicketLabel } from './ticketLabel';
import { groupPayments, TICKET_SELECTION_SETTLE_MS } from './ticketSelection';
import { TicketSendForm } from './TicketSendForm';

type TicketTab = TicketPdfAction | 'send';

/** A blob's object URL for as long as the panel shows it. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** The value, once it has stayed the same for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The ticket panel (spec 3 §2, §4): the PDF of the selected notes with or without details, and its
 * sending by e-mail. The PDF is made again on a change of tab, format, day-by-day, saved label or
 * selection, the selection only once it has settled for 2 seconds.
 */
export function TicketPanel({
  filter,
  payments,
  customer,
  isSuite,
  userEmail,
  userName,
}: {
  filter: CustomerNoteFilter;
  payments: readonly TicketPayment[];
  customer: CustomerAccountDetail;
  isSuite: boolean;
  userEmail: string;
  userName: string;
}) {
  const { t } = useI18n();
  const [tab, setTab] = useState<TicketTab>('details');
  const [pdfAction, setPdfAction] = useState<TicketPdfAction>('details');
  const [isA4, setIsA4] = useState(true);
  const [isDayByDay, setIsDayByDay] = useState(false);
  const [savedLabel, setSavedLabel] = useState(() => readTicketLabel(localStorage));
  const [labelDraft, setLabelDraft] = useState(savedLabel ?? '');
  const labelId = useId();
  const label = savedLabel ?? t('customerTicket.defaultLabel');

  const selectionKey = JSON.stringify(payments);
  const settledKey = useSettled(selectionKey, TICKET_SELECTION_SETTLE_MS);
  const settledPayments = useMemo(() => JSON.parse(settledKey) as TicketPayment[], [settledKey]);
  const isSettling = settledKey !== selectionKey;
  const isCredits = filter === 'credits';

  const pdf = useQuery({
    ...customerDetailQueries.ticketPdf(pdfAction, {
      groupedPaymentsList: groupPayments(settledPayments),
      ...(pdfAction === 'withoutDetails' ? { label } : {}),
      userName,
      formatA4: isA4,
      dayByDay: isSuite && isDayByDay,
    }),
    enabled: tab !== 'send' && settledPayments.length > 0,
  });

  const fileUrl = useObjectUrl(pdf.data?.file);

  useEffect(() => {
    if (pdf.isError) showFlash({ type: 'error', text: t('customerDetail.error') });
  }, [pdf.isError, pdf.errorUpdatedAt, t]);

  function handleTab(next: TicketTab) {
    setTab(next);
    if (next !== 'send') setPdfAction(next);
  }

  function handleSaveLabel() {
    const saved = saveTicketLabel(localStorage, labelDraft);
    setSavedLabel(saved);
    setLabelDraft(saved ?? '');
    showFlash({ type: 'success', text: t('customerTicket.label.saved') });
  }

  const tabs = [
    { id: 'details' as const, label: t('customerTicket.tab.details') },
    { id: 'withoutDetails' as const, label: t('customerTicket.tab.withoutDetails') },
    { id: 'send' as const, label: t('customerTicket.tab.send') },
  ];
  const noSelection = isCredits ? t('customerTicket.noCreditSelected') : t('customerTicket.noTicketSelected');

  return (
    <section className="customer-ticket-panel" aria-label={t('customerTicket.panel')}>
      <Tabs panel="plain" label={t('customerTicket.panel')} tabs={tabs} selected={tab} onSelect={handleTab}>
        <div className="customer-ticket-options">
          <SegmentedControl
            legend={t('customerTicket.format')}
            options={[
              { value: 'a4', label: t('customerTicket.format.a4') },
              { value: 'ticket', label: t('customerTicket.format.ticket') },
            ]}
            value={isA4 ? 'a4' : 'ticket'}
            onChange={(value) => setIsA4(value === 'a4')}
          />
          {isSuite ? (
            <label className="customer-ticket-check">
              <input
                type="checkbox"
                checked={isDayByDay}
                onChange={(event) => setIsDayByDay(event.target.checked)}
              />
              {t('customerTicket.dayByDay')}
            </label>
          ) : null}
        </div>
        {tab === 'withoutDetails' ? (
          <form
            className="customer-ticket-label"
            onSubmit={(event) => {
              event.preventDefault();
              handleSaveLabel();
            }}
          >
            <label htmlFor={labelId}>{t('customerTicket.label')}</label>
            <div className="customer-ticket-label-row">
              <input
                id={labelId}
                type="text"
                value={labelDraft}
                maxLength={TICKET_LABEL_MAX_LENGTH}
                placeholder={t('customerTicket.defaultLabel')}
                onChange={(event) => setLabelDraft(event.target.value)}
              />
              <button type="submit" className="button button-secondary">
                {t('customerTicket.label.save')}
              </button>
            </div>
          </form>
        ) : null}
        {tab === 'send' ? (
          <TicketSendForm
            isCredits={isCredits}
            paymentIds={payments.map((payment) => payment.idPayment)}
            customer={customer}
            userEmail={userEmail}
            userName={userName}
            formatA4={isA4}
            dayByDay={isSuite && isDayByDay}
            pdfAction={pdfAction}
            label={label}
            nameFile={pdf.data?.nameFile}
          />
        ) : payments.length === 0 ? (
          <p className="customer-detail-hint" role="status">
            {noSelection}
          </p>
        ) : (
          <div className="customer-ticket-preview" aria-busy={isSettling || pdf.isFetching}>
            <p className="customer-detail-hint" role="status">
              {isSettling
                ? t('customerTicket.waiting')
                : pdf.isFetching
                  ? t('customerTicket.generating')
                  : ''}
            </p>
            {pdf.isError ? (
              <p className="customer-ticket-error">{t('customerTicket.generationError')}</p>
            ) : pdf.data && fileUrl ? (
              <>
                <div className="customer-ticket-actions">
                  {/* A phone shows no PDF in a frame (issue 31, item 14): its reader opens it. */}
                  <a
                    className="button button-primary customer-ticket-open"
                    href={fileUrl}
                    target="_blank"
                    rel="noopener"
                  >
                    {t('customerTicket.open')}
                  </a>
                  <a className="button button-secondary" href={fileUrl} download={pdf.data.nameFile}>
                    {t('customerTicket.export')}
                  </a>
                </div>
                {/*
                  Fitted to the frame's width, without the thumbnails pane: in a half-width panel at
                  1440 px the reader otherwise shows the page too small to read (issue 31, item 14).
                */}
                <iframe
                  className="customer-ticket-frame"
                  title={t('customerTicket.preview')}
                  src={`${fileUrl}#navpanes=0&view=FitH`}
                />
              </>
            ) : null}
          </div>
        )}
      </Tabs>
    </section>
  );
}
