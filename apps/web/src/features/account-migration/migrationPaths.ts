/** Spec 2 §2 routes of the login change. */
export const MIGRATION_STEP_1_PATH = '/account/migration/step-1';
export const MIGRATION_FORM_PATH = '/account/migration';
export const CHECK_NEW_EMAIL_PATH = '/check-new-email';
/** The inspector's sign-in, where the notice is never shown either. */
export const FISC_CONNECT_PATH = '/fisc-connect-as';
