import { areaI18n } from '../../i18n/areaI18n';
import { ouilinkMessages } from './ouilink.messages';

export const { useI18n } = areaI18n(ouilinkMessages);
