import { useNavigate } from 'react-router';
import { useI18n } from './customer-accounts.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useRemoveCustomerAccountMutation } from './customerDetailQueries';

/** Spec 3 §2, §4, §8: confirmed deletion, then back to the list with the success message. */
export function CustomerAccountDetailDeleteDialog({
  customerId,
  isOpen,
  onClose,
}: {
  customerId: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const remove = useRemoveCustomerAccountMutation();

  function handleConfirm() {
    remove.mutate(customerId, {
      onSuccess: () => {
        showFlash({ type: 'success', text: t('customerDetail.delete.success') });
        void navigate('/customer-account');
      },
      onError: () => {
        onClose();
        showFlash({ type: 'error', text: t('customerDetail.delete.error') });
      },
    });
  }

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('customerDetail.delete.title')}
      cancelLabel={t('customerDetail.delete.cancel')}
      confirmLabel={t('customerDetail.delete.confirm')}
      onCancel={onClose}
      onConfirm={handleConfirm}
      isPending={remove.isPending}
      isDanger
    >
      <p>{t('customerDetail.delete.text')}</p>
    </ConfirmDialog>
  );
}
