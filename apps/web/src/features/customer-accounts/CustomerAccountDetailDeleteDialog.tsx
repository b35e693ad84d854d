import { useNavigate } from 'react-router';
import { useI18n } from './customer-accounts.i18n';
import { showFlash } from '../../ui/flash/flashStore';
import { Modal } from '../../ui/Modal';
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
    <Modal
      isOpen={isOpen}
      title={t('customerDetail.delete.title')}
      onClose={onClose}
      isClosable={!remove.isPending}
      size="small"
      footer={
        <>
          <button
            type="button"
            className="button button-secondary"
            onClick={onClose}
            disabled={remove.isPending}
          >
            {t('customerDetail.delete.cancel')}
          </button>
          <button
            type="button"
            className="button button-primary customer-detail-danger"
            onClick={handleConfirm}
            disabled={remove.isPending}
          >
            {t('customerDetail.delete.confirm')}
          </button>
        </>
      }
    >
      <p>{t('customerDetail.delete.text')}</p>
    </Modal>
  );
}
