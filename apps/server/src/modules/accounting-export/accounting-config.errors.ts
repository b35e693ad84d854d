import type { AccountingConfigErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

export const accountingConfigError = defineErrors<AccountingConfigErrorCode>({
  ACCOUNTING_REQUIRED_FIELDS: {
    status: 400,
    message: 'Tous les champs obligatoires ne sont pas renseignés',
  },
  ACCOUNTING_ACCOUNT_NUMBER_INVALID: {
    status: 400,
    message:
      'Le numéro de compte ne contient que des chiffres, sans espace ni signe, et pas plus que la longueur des comptes choisie (15 chiffres au plus) ; un compte client (auxiliaire), des lettres et des chiffres.',
  },
  ACCOUNTING_MOVEMENT_ID_DIGITS: {
    status: 400,
    message: "L'identifiant de mouvement (achats, ventes hors caisse) ne peut contenir que des chiffres.",
  },
  ACCOUNTING_CUSTOMER_ALREADY_LINKED: {
    status: 400,
    message: 'Ce compte client est déjà lié à un autre compte comptable.',
  },
  ACCOUNTING_CUSTOMER_NOT_FOUND: {
    status: 400,
    message: "Ce compte client n'existe pas dans cet établissement.",
  },
  ACCOUNTING_LINK_ITEM_TAKEN: {
    status: 400,
    message: 'Cet élément est déjà lié à un autre compte comptable du même type.',
  },
  ACCOUNTING_LINK_ITEM_UNKNOWN: {
    status: 400,
    message: "Cet élément n'existe pas dans cet établissement ou ne convient pas à ce type de compte.",
  },
  ACCOUNTING_CASHFLOAT_PAIR: {
    status: 400,
    message:
      'Les comptes de fonds de caisse au débit et au crédit doivent être renseignés tous les deux pour que la configuration soit effective.',
  },
  ACCOUNTING_MODE_INVALID: { status: 400, message: 'Le mode doit valoir 1 (général) ou 2 (détaillé).' },
  ACCOUNTING_VALID_DATE_INVALID: {
    status: 400,
    message:
      "La date de validation doit être une date (AAAA-MM-JJ), ou rester vide pour la date de l'export.",
  },
  ACCOUNTING_DISCOUNT_BOOKING_INVALID: {
    status: 400,
    message: 'Les remises se comptabilisent en ventes nettes (vide) ou en ventes brutes (gross).',
  },
  ACCOUNTING_EXERCISE_END_INVALID: {
    status: 400,
    message:
      "La clôture de l'exercice est un jour de l'année JJ/MM (31/12 par exemple), ou vide pour le 31/12.",
  },
  ACCOUNTING_FILE_LAYOUT_INVALID: {
    status: 400,
    message:
      'Longueur des libellés : 20 à 200 caractères ; longueur des comptes : 6 à 15 chiffres ; jeu de caractères : vide (UTF-8) ou latin9 (ISO 8859-15). Laisser vide pour ne rien changer.',
  },
  ACCOUNTING_ACCOUNT_NOT_FOUND: { status: 404, message: "Ce compte comptable n'existe pas." },
  ACCOUNTING_ECRITURE_NUM_USED: {
    status: 400,
    message: "Ce numéro d'écriture a déjà été utilisé par un export : choisissez un numéro plus grand.",
  },
  ACCOUNTING_ECRITURE_NUM_GAP: {
    status: 409,
    message:
      "Ce numéro laisse des numéros d'écriture inutilisés : la numérotation ne serait plus continue. Confirmez pour l'enregistrer.",
  },
});
