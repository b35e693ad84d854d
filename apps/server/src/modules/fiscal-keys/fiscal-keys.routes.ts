import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, registerKeysResponse, serverKeysResponse } from '@comptoir/contracts';
import { access } from '../../platform/access';
import { requireCtx } from '../../platform/auth-guard';
import { registerKeys, serverKeys } from './fiscal-keys.service';

const refusals = { 401: errorResponse, 403: errorResponse };
const keyFormat =
  'Keys are Ed25519, given as the raw 32-byte public key in base64 (publicKey) and as a PEM ' +
  'SubjectPublicKeyInfo (publicKeyPem). fingerprint = SHA-256 of the 32 raw key bytes (not of the base64 ' +
  'text nor of the PEM), lowercase hex: `echo <publicKey> | base64 -d | sha256sum`.';

/**
 * Published keys (issue 18 part 1): the server's signing keys for anyone, and the registers' keys
 * for the account's fiscal readers, so that a third party can verify signatures without Comptoir.
 */
export async function fiscalKeysRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  app.get(
    '/api/administration-fiscale/keys',
    {
      config: {
        access: access.public('public keys, published for third-party verification; no account data', {
          writes: false,
        }),
      },
      schema: {
        tags: ['fiscal'],
        summary: "The server's Ed25519 public keys (current and history), to verify its signatures",
        description:
          'The key that signs the server’s fiscal evidence (JET events, server closures, chain heads, the key ' +
          'file of fiscal archives) and every key it has signed with, oldest first, each with its validity: ' +
          'validFrom when the server first used it, validTo when another key replaced it (null for the key ' +
          `in use). ${keyFormat} No authentication.`,
        response: { 200: serverKeysResponse },
      },
    },
    () => serverKeys(db(), app.serverKey),
  );

  app.get(
    '/api/administration-fiscale/registers/keys',
    {
      config: { access: access.readFiscal() },
      schema: {
        tags: ['fiscal'],
        summary: "The registers' public keys, serials, establishments and enrolment dates",
        description:
          'Bearer token of kind user (holder, or sub-user with the fiscal_administration service), view_as or ' +
          'fiscal (the account’s inspector). Every register of the establishments the caller may read, by ' +
          'establishment then name: the key that verifies its signed records, its serial, establishment, ' +
          'enrolment date and state (inactive: its credential is refused). Another account’s registers ' +
          `never appear. ${keyFormat}`,
        response: { 200: registerKeysResponse, ...refusals },
      },
    },
    (request) => registerKeys(db(), requireCtx(request)),
  );
}
