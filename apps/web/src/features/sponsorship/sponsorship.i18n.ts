import { areaI18n } from '../../i18n/areaI18n';
import { sponsorshipMessages } from './sponsorship.messages';

export const { useI18n } = areaI18n(sponsorshipMessages);
