import { describe, expect, it } from 'vitest';
import {
  notificationPublishingProblem,
  publishedNotificationStateAt,
  publishNotificationRequest,
} from './notification-publishing';

const base = {
  type: 'info',
  texts: { fr: 'Maintenance' },
  audience: 'all',
  startsAt: '2030-01-01T10:00:00Z',
  endsAt: '2030-01-02T10:00:00Z',
} as const;

describe('notification publishing rules', () => {
  it('wants an end after the start', () => {
    expect(notificationPublishingProblem({ ...base, endsAt: base.startsAt })?.code).toBe(
      'END_NOT_AFTER_START',
    );
    expect(notificationPublishingProblem(base)).toBeNull();
  });

  it('wants an account for the audience « one account », and only for it', () => {
    expect(notificationPublishingProblem({ ...base, audience: 'account' })?.code).toBe('ACCOUNT_REQUIRED');
    expect(
      notificationPublishingProblem({ ...base, accountId: '00000000-0000-4000-8000-000000000000' })?.code,
    ).toBe('ACCOUNT_NOT_EXPECTED');
  });

  it('gives the broken rule its code in the validation issue', () => {
    const result = publishNotificationRequest.safeParse({ ...base, endsAt: '2029-12-31T10:00:00Z' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['endsAt'],
      params: { errorCode: 'END_NOT_AFTER_START' },
    });
  });

  it('requires the French text', () => {
    expect(publishNotificationRequest.safeParse({ ...base, texts: { fr: ' ', en: 'Hello' } }).success).toBe(
      false,
    );
  });

  it('tells scheduled, current and ended apart', () => {
    const dates = { startsAt: new Date('2030-01-01T10:00:00Z'), endsAt: new Date('2030-01-02T10:00:00Z') };
    expect(publishedNotificationStateAt(dates, new Date('2030-01-01T09:59:59Z'))).toBe('scheduled');
    expect(publishedNotificationStateAt(dates, new Date('2030-01-01T10:00:00Z'))).toBe('current');
    expect(publishedNotificationStateAt(dates, new Date('2030-01-02T10:00:00Z'))).toBe('ended');
  });
});
