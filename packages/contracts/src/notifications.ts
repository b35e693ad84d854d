import { z } from 'zod';
import { contentLanguage } from './menu';

export const notificationType = z.enum(['success', 'warning', 'error', 'info']);
export type NotificationType = z.infer<typeof notificationType>;

export const notificationsQuery = z.object({ locale: contentLanguage.default('fr') });

/** Spec 1 §2.9: id, type, text (plain text, no HTML). */
export const notification = z.object({ id: z.uuid(), type: notificationType, text: z.string() });
export type Notification = z.infer<typeof notification>;

/** `GET /api/notifications`: the caller's current notifications, newest first. */
export const notificationsResponse = z.object({ notifications: z.array(notification) });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;
