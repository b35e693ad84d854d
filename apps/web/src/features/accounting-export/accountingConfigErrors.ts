import { ApiError } from '../../api/api';
import type { MessageKey } from './accounting-export.i18n';

const MESSAGES: Record<string, MessageKey> = {
  ACCOUNTING_REQUIRED_FIELDS: 'accountingConfig.required',
  ACCOUNTING_ACCOUNT_NUMBER_INVALID: 'accountingConfig.error.ACCOUNTING_ACCOUNT_NUMBER_INVALID',
  ACCOUNTING_CUSTOMER_ALREADY_LINKED: 'accountingConfig.error.ACCOUNTING_CUSTOMER_ALREADY_LINKED',
  ACCOUNTING_LINK_ITEM_TAKEN: 'accountingConfig.error.ACCOUNTING_LINK_ITEM_TAKEN',
  ACCOUNTING_MOVEMENT_ID_DIGITS: 'accountingConfig.error.ACCOUNTING_MOVEMENT_ID_DIGITS',
  ACCOUNTING_CASHFLOAT_PAIR: 'accountingConfig.cashfloatAlert',
  ACCOUNTING_VALID_DATE_INVALID: 'accountingConfig.error.ACCOUNTING_VALID_DATE_INVALID',
  ACCOUNTING_DISCOUNT_BOOKING_INVALID: 'accountingConfig.error.ACCOUNTING_DISCOUNT_BOOKING_INVALID',
  ACCOUNTING_EXERCISE_END_INVALID: 'accountingConfig.error.ACCOUNTING_EXERCISE_END_INVALID',
  ACCOUNTING_FILE_LAYOUT_INVALID: 'accountingConfig.error.ACCOUNTING_FILE_LAYOUT_INVALID',
  ACCOUNTING_ECRITURE_NUM_USED: 'accountingConfig.error.ACCOUNTING_ECRITURE_NUM_USED',
  ACCOUNTING_ECRITURE_NUM_GAP: 'accountingConfig.error.ACCOUNTING_ECRITURE_NUM_GAP',
};

/** §8: a refusal with its own text, anything else the accounting error text. */
export function accountingConfigErrorMessage(error: unknown): MessageKey {
  return (error instanceof ApiError && MESSAGES[error.code]) || 'accountingConfig.error';
}

/** The server refused an account number (the rule of the contracts, checked again there). */
export function isAccountNumberRefused(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ACCOUNTING_ACCOUNT_NUMBER_INVALID';
}

/** The refusal of a next entry number that would leave numbers unused, asked again once confirmed. */
export function isEcritureNumGap(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ACCOUNTING_ECRITURE_NUM_GAP';
}
