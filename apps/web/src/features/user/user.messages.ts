import { defineMessages } from '../../i18n/defineMessages';

export const userMessages = defineMessages({
  fr: {
    'informations.title': 'Informations de version',
    'informations.reportingClient': 'Client de reporting',
    'informations.reportingServer': 'Serveur de reporting',
    'informations.fiscalModuleClient': 'Module fiscal, client',
    'informations.fiscalModuleServer': 'Module fiscal, serveur',
    'informations.uiAndApp': 'Interface {ui} · Application {app}',
  },
  en: {
    'informations.title': 'Version information',
    'informations.reportingClient': 'Reporting client',
    'informations.reportingServer': 'Reporting server',
    'informations.fiscalModuleClient': 'Fiscal module, client',
    'informations.fiscalModuleServer': 'Fiscal module, server',
    'informations.uiAndApp': 'Interface {ui} · Application {app}',
  },
  es: {
    'informations.title': 'Información de versión',
    'informations.reportingClient': 'Cliente de informes',
    'informations.reportingServer': 'Servidor de informes',
    'informations.fiscalModuleClient': 'Módulo fiscal, cliente',
    'informations.fiscalModuleServer': 'Módulo fiscal, servidor',
    'informations.uiAndApp': 'Interfaz {ui} · Aplicación {app}',
  },
  ca: {
    'informations.title': 'Informació de versió',
    'informations.reportingClient': "Client d'informes",
    'informations.reportingServer': "Servidor d'informes",
    'informations.fiscalModuleClient': 'Mòdul fiscal, client',
    'informations.fiscalModuleServer': 'Mòdul fiscal, servidor',
    'informations.uiAndApp': 'Interfície {ui} · Aplicació {app}',
  },
});
