/** Constants of the shell itself (spec §9); the session's live in `api/constants.ts`. */
/** Spec §9: below this width the drawer is the mobile one. */
export const MOBILE_BREAKPOINT_PX = 764;
