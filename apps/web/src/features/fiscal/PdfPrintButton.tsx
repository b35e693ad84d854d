import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PdfTarget } from '@comptoir/contracts';
import { useI18n } from './fiscal.i18n';
import { ErrorState } from '../../ui/ErrorState';
import { Icon } from '../../ui/Icon';
import { LoadingState } from '../../ui/LoadingState';
import { Modal } from '../../ui/Modal';
import { fiscalErrorMessage } from './fiscalErrors';
import { fiscalQueries } from './fiscalQueries';

/**
 * "Voir l'impression du rapport Z" / "du ticket": the PDF from the data host in a modal, with a
 * download link. The link is signed by `pdf-data` for this one document just before it is fetched,
 * once per opening (each print is traced as a reprint in the user's name by the server).
 */
export function PdfPrintButton({
  target,
  label,
  title,
  fileName,
}: {
  target: PdfTarget;
  label: string;
  title: string;
  /** The downloaded file's name, `.pdf` included. */
  fileName: string;
}) {
  const { t } = useI18n();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setIsOpen(true)}>
        <Icon name="file" size={18} />
        <span>{label}</span>
      </button>
      <Modal isOpen={isOpen} title={title} onClose={() => setIsOpen(false)} size="large">
        <PdfDocument
          target={target}
          title={title}
          fileName={fileName}
          downloadLabel={t('fiscal.pdf.download')}
        />
      </Modal>
    </>
  );
}

function PdfDocument({
  target,
  title,
  fileName,
  downloadLabel,
}: {
  target: PdfTarget;
  title: string;
  fileName: string;
  downloadLabel: string;
}) {
  const { t } = useI18n();
  const pdf = useQuery(fiscalQueries.pdf(target));
  const url = useObjectUrl(pdf.data);

  if (pdf.isError) {
    return (
      <ErrorState
        message={t(fiscalErrorMessage(pdf.error, 'fiscal.pdf.error.generic'))}
        retryLabel={t('common.retry')}
        onRetry={() => void pdf.refetch()}
      />
    );
  }
  if (!url) return <LoadingState label={t('fiscal.pdf.loading')} />;
  return (
    <div className="fiscal-pdf">
      <iframe className="fiscal-pdf-frame" src={url} title={title} />
      <div className="fiscal-pdf-actions">
        <a className="button button-primary" href={url} download={fileName}>
          <Icon name="download" size={18} />
          <span>{downloadLabel}</span>
        </a>
      </div>
    </div>
  );
}

/** A blob's object URL for as long as the component shows it. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(
      blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
    );
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}
