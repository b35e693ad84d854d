import { z } from 'zod';
import { id, isoDateTime } from './common';

/**
 * Published keys (issue 18 part 1): what a third party (tax inspector, auditor, accountant) needs to
 * check Comptoir's signatures without trusting Comptoir's code.
 *
 * Every key is Ed25519 and is given twice: the raw 32-byte public key in base64 (what
 * `openssl pkeyutl -verify -rawin` or Python's `Ed25519PublicKey.from_public_bytes` take once
 * decoded) and the same key as a PEM SubjectPublicKeyInfo (`-----BEGIN PUBLIC KEY-----`, what
 * `openssl pkeyutl -pubin -inkey` reads). Its **fingerprint** is the SHA-256 of the 32 raw key bytes
 * (not of the base64 text, not of the PEM/DER), in lowercase hexadecimal (64 characters):
 * `base64 -d <<< "$publicKey" | sha256sum`.
 */

/** Lowercase hex SHA-256 of the raw 32-byte public key. */
export const keyFingerprint = z.string().regex(/^[0-9a-f]{64}$/);

/** How a fingerprint is computed, as the API and the screens state it. */
export const KEY_FINGERPRINT_RULE = 'SHA-256 of the raw 32-byte Ed25519 public key, lowercase hex';

export const publishedKey = z.object({
  algorithm: z.literal('Ed25519'),
  /** Raw 32-byte public key, base64. */
  publicKey: z.string(),
  /** The same key as PEM SubjectPublicKeyInfo. */
  publicKeyPem: z.string(),
  fingerprint: keyFingerprint,
});
export type PublishedKey = z.infer<typeof publishedKey>;

/** One key the server has signed with, and when. */
export const serverKeyEntry = publishedKey.extend({
  /** When the server first used (or created) this key. */
  validFrom: isoDateTime,
  /** When another key replaced it; null for the key in use. */
  validTo: isoDateTime.nullable(),
});
export type ServerKeyEntry = z.infer<typeof serverKeyEntry>;

/**
 * `GET /api/administration-fiscale/keys` (public, no authentication): the key that signs the server's
 * fiscal evidence today (JET events, server closures, chain heads, archive key files) and every key it
 * ever signed with, oldest first (one today; a rotation adds one and closes the previous one).
 */
export const serverKeysResponse = z.object({
  current: serverKeyEntry,
  history: z.array(serverKeyEntry),
  /** `KEY_FINGERPRINT_RULE`. */
  fingerprintRule: z.string(),
});
export type ServerKeysResponse = z.infer<typeof serverKeysResponse>;

export const registerKeyState = z.enum(['active', 'inactive']);
export type RegisterKeyState = z.infer<typeof registerKeyState>;

/** A register's published key: what verifies the records it signed. */
export const registerKeyRow = publishedKey.extend({
  registerId: id,
  name: z.string(),
  serial: z.string(),
  companyId: id,
  companyName: z.string(),
  /** When the register was (first) enrolled with this key. */
  enrolledAt: isoDateTime,
  /** `inactive`: the register may no longer send records (its credential is refused). */
  state: registerKeyState,
});
export type RegisterKeyRow = z.infer<typeof registerKeyRow>;

/**
 * `GET /api/administration-fiscale/registers/keys`: the registers of the establishments the caller may
 * read (holder, sub-user with `fiscal_administration`, view-as, the account's inspector), by
 * establishment then register name.
 */
export const registerKeysResponse = z.object({
  rows: z.array(registerKeyRow),
  fingerprintRule: z.string(),
});
export type RegisterKeysResponse = z.infer<typeof registerKeysResponse>;
