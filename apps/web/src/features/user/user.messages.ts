import { defineMessages } from '../../i18n/defineMessages';

export const userMessages = defineMessages({
  fr: {
    'user.title': 'Informations de version',
    'user.reportingClient': 'Client de reporting',
    'user.reportingServer': 'Serveur de reporting',
    'user.fiscalModuleClient': 'Module fiscal, client',
    'user.fiscalModuleServer': 'Module fiscal, serveur',
    'user.uiAndApp': 'Interface {ui} · Application {app}',
  },
  en: {
    'user.title': 'Version information',
    'user.reportingClient': 'Reporting client',
    'user.reportingServer': 'Reporting server',
    'user.fiscalModuleClient': 'Fiscal module, client',
    'user.fiscalModuleServer': 'Fiscal module, server',
    'user.uiAndApp': 'Interface {ui} · Application {app}',
  },
  es: {
    'user.title': 'Información de versión',
    'user.reportingClient': 'Cliente de informes',
    'user.reportingServer': 'Servidor de informes',
    'user.fiscalModuleClient': 'Módulo fiscal, cliente',
    'user.fiscalModuleServer': 'Módulo fiscal, servidor',
    'user.uiAndApp': 'Interfaz {ui} · Aplicación {app}',
  },
  ca: {
    'user.title': 'Informació de versió',
    'user.reportingClient': "Client d'informes",
    'user.reportingServer': "Servidor d'informes",
    'user.fiscalModuleClient': 'Mòdul fiscal, client',
    'user.fiscalModuleServer': 'Mòdul fiscal, servidor',
    'user.uiAndApp': 'Interfície {ui} · Aplicació {app}',
  },
});
