import { describe, expect, it } from 'vitest';
import type { CustomerAccountListItem } from '@comptoir/contracts';
import { changedFields, editFormOf } from './CustomerEditModal';

const account = {
  id: '0d0d0d0d-0000-4000-8000-000000000001',
  type: 0,
  lastname: 'Roussel',
  firstname: 'Marine',
  customer_infos: {
    details_email: 'marine@example.fr',
    details_phone: '+33749687440',
    note: null,
    address: '3 rue des Lilas',
    address_zipcode: '75011',
    address_city: 'Paris',
    is_company: 0,
    customer_company_name: null,
    customer_company_id: null,
    customer_company_vat: null,
  },
} as unknown as CustomerAccountListItem;

describe('what a save sends (issue 31, item 9)', () => {
  const initial = editFormOf(account);

  it('shows the stored phone as people read it', () => {
    expect([initial.countryCode, initial.phoneNumber]).toEqual(['33', '07 49 68 74 40']);
  });

  it('sends only the note when only the note changed: the phone is not rewritten', () => {
    expect(changedFields(initial, { ...initial, note: 'Allergique aux noix' })).toEqual({
      note: 'Allergique aux noix',
    });
  });

  it('sends the whole phone when its number changed, and the company switch with a company field', () => {
    expect(changedFields(initial, { ...initial, phoneNumber: '07 43 90 86 62' })).toEqual({
      countryCode: '33',
      phoneNumber: '07 43 90 86 62',
      fullPhoneNumber: '+33743908662',
    });
    expect(changedFields(initial, { ...initial, companyName: 'Roussel SARL' })).toEqual({
      companyName: 'Roussel SARL',
      isCompany: false,
    });
  });
});
