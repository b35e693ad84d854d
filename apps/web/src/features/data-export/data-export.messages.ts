import { defineMessages } from '../../i18n/defineMessages';

export const dataExportMessages = defineMessages({
  fr: {
    'dataExport.productLines.title': 'Export des lignes produits de paiement',
    'dataExport.productLines.intro':
      "Choisissez la période (un an au plus) et l'adresse à laquelle le fichier Excel sera envoyé.",
    'dataExport.startDate': 'Date de début',
    'dataExport.endDate': 'Date de fin',
    'dataExport.email': 'E-mail',
    'dataExport.validate': 'Valider',
    'dataExport.cancel': 'Annuler',
    'dataExport.exporting': 'Export en cours, veuillez patienter…',
    'dataExport.sent': "L'export vous sera envoyé par e-mail à {email}",
    'dataExport.error.INVALID_EMAIL': "L'adresse e-mail est invalide.",
    'dataExport.error.INVALID_DATE': 'La date est invalide.',
    'dataExport.error.REVERSED_DATES': 'La date de début est supérieure à la date de fin',
    'dataExport.error.PERIOD_TOO_LONG': 'La période ne doit pas dépasser un an.',
    'dataExport.error.FEATURE_DISABLED':
      "L'export des lignes produits de paiement n'est pas activé pour votre compte.",
  },
  en: {
    'dataExport.productLines.title': 'Payment product lines export',
    'dataExport.productLines.intro':
      'Choose the period (one year at most) and the address the Excel file will be sent to.',
    'dataExport.startDate': 'Start date',
    'dataExport.endDate': 'End date',
    'dataExport.email': 'E-mail',
    'dataExport.validate': 'Confirm',
    'dataExport.cancel': 'Cancel',
    'dataExport.exporting': 'Exporting, please wait…',
    'dataExport.sent': 'The export will be sent to you by e-mail at {email}',
    'dataExport.error.INVALID_EMAIL': 'The e-mail address is not valid.',
    'dataExport.error.INVALID_DATE': 'The date is not valid.',
    'dataExport.error.REVERSED_DATES': 'The start date is after the end date',
    'dataExport.error.PERIOD_TOO_LONG': 'The period must not exceed one year.',
    'dataExport.error.FEATURE_DISABLED': 'The payment product lines export is not enabled for your account.',
  },
  es: {
    'dataExport.productLines.title': 'Exportación de las líneas de productos de pago',
    'dataExport.productLines.intro':
      'Elija el periodo (un año como máximo) y la dirección a la que se enviará el archivo Excel.',
    'dataExport.startDate': 'Fecha de inicio',
    'dataExport.endDate': 'Fecha de fin',
    'dataExport.email': 'Correo electrónico',
    'dataExport.validate': 'Validar',
    'dataExport.cancel': 'Cancelar',
    'dataExport.exporting': 'Exportación en curso, espere…',
    'dataExport.sent': 'La exportación se le enviará por correo electrónico a {email}',
    'dataExport.error.INVALID_EMAIL': 'La dirección de correo electrónico no es válida.',
    'dataExport.error.INVALID_DATE': 'La fecha no es válida.',
    'dataExport.error.REVERSED_DATES': 'La fecha de inicio es posterior a la fecha de fin',
    'dataExport.error.PERIOD_TOO_LONG': 'El periodo no debe superar un año.',
    'dataExport.error.FEATURE_DISABLED':
      'La exportación de las líneas de productos de pago no está activada para su cuenta.',
  },
  ca: {
    'dataExport.productLines.title': 'Exportació de les línies de productes de pagament',
    'dataExport.productLines.intro':
      "Trieu el període (un any com a màxim) i l'adreça a la qual s'enviarà el fitxer Excel.",
    'dataExport.startDate': "Data d'inici",
    'dataExport.endDate': 'Data de fi',
    'dataExport.email': 'Correu electrònic',
    'dataExport.validate': 'Valida',
    'dataExport.cancel': 'Cancel·la',
    'dataExport.exporting': 'Exportació en curs, espereu…',
    'dataExport.sent': "L'exportació us serà enviada per correu electrònic a {email}",
    'dataExport.error.INVALID_EMAIL': "L'adreça de correu electrònic no és vàlida.",
    'dataExport.error.INVALID_DATE': 'La data no és vàlida.',
    'dataExport.error.REVERSED_DATES': "La data d'inici és posterior a la data de fi",
    'dataExport.error.PERIOD_TOO_LONG': 'El període no ha de superar un any.',
    'dataExport.error.FEATURE_DISABLED':
      "L'exportació de les línies de productes de pagament no està activada per al vostre compte.",
  },
});
