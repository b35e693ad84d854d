import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema/identity';
import { createUser, type NewUserInput } from './auth.service';

/** Test data for modules that need signed-in callers: accounts, companies, users, tokens. */
export const TEST_PASSWORD = 'Vin-Rouge-1975';

export async function createAccount(
  db: Db,
  options: {
    edition?: 'standard' | 'suite';
    companies?: { name: string; siret?: string; city?: string }[];
  } = {},
): Promise<{ accountId: string; companyIds: string[] }> {
  const accountId = crypto.randomUUID();
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      name: `Compte ${accountId.slice(0, 8)}`,
      edition: options.edition ?? 'standard',
    })
    .execute();
  const companyIds: string[] = [];
  for (const company of options.companies ?? [{ name: 'Le Petit Zinc' }]) {
    const id = crypto.randomUUID();
    await db
      .insertInto('companies')
      .values({
        id,
        account_id: accountId,
        company_name: company.name,
        siret: company.siret ?? null,
        address_city: company.city ?? null,
      })
      .execute();
    companyIds.push(id);
  }
  return { accountId, companyIds };
}

export async function createTestUser(
  db: Db,
  input: Partial<NewUserInput> & Pick<NewUserInput, 'accountId'>,
): Promise<UserRow> {
  return createUser(db, {
    email: `user-${crypto.randomUUID()}@comptoir.test`,
    password: TEST_PASSWORD,
    firstname: 'Alex',
    lastname: 'Durand',
    role: 'holder',
    ...input,
  });
}

/**
 * Signs in through the HTTP endpoint, as the login page does, from an address of its own so that
 * a file's many sign-ins stay clear of the per-address limit.
 */
export async function signInAs(
  app: FastifyInstance,
  email: string,
  password: string = TEST_PASSWORD,
): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: `10.255.${crypto.randomInt(256)}.${crypto.randomInt(256)}`,
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
