import type { SignatureCheckSlot } from '../fiscal/ClosuresListPage';
import { useI18n } from './fiscal-check.i18n';
import { SignatureCheckButton } from './SignatureCheckButton';

/** The closures list's card around « Vérifier les signatures »; the shell hands it to the list. */
export function SignatureCheckCard(props: SignatureCheckSlot) {
  const { t } = useI18n();
  return (
    <section className="card fiscal-signature-check-card" aria-label={t('signatureCheck.button')}>
      <SignatureCheckButton {...props} />
    </section>
  );
}
