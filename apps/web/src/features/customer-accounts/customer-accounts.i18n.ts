import { areaI18n } from '../../i18n/areaI18n';
import { customerAccountDetailMessages } from './customer-account-detail.messages';
import { customerAccountsListMessages } from './customer-accounts-list.messages';
import { customerDunningMessages } from './customer-dunning.messages';
import { customerPaymentsMessages } from './customer-payments.messages';

export const { useI18n, createTranslator } = areaI18n(
  customerAccountDetailMessages,
  customerAccountsListMessages,
  customerDunningMessages,
  customerPaymentsMessages,
);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
