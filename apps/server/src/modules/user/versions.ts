import type { Informations } from '@comptoir/contracts';

/** The version labels the portal shows (spec 1 §9); the one place to bump them. */
export const VERSIONS: Informations = {
  reportingClientVersion: '3.0.1',
  reportingServerVersion: '2.1.9',
  fiscalModuleClientVersion: '2.5',
  fiscalModuleServerVersion: '2.5',
  uiVersion: '1.2.1',
  appVersion: '4.0.0',
};
