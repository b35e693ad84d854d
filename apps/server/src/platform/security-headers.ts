import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config';

/**
 * The portal's Content-Security-Policy, sent on every answer (API, static files, errors, 404s): the
 * built SPA has no inline script or style (React sets styles through the DOM, which CSP allows).
 * `data:` images: the favicon; `blob:` frames: PDFs shown from a fetched blob.
 */
function portalDirectives(config: Config): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'media-src': ["'self'"],
    'frame-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Over plain HTTP (a LAN install) upgrading would break every request.
    'upgrade-insecure-requests': isHttps(config) ? [] : null,
  };
}

/**
 * Swagger UI (`/api/docs`) styles its widgets with inline styles; everything else stays as strict as
 * the portal's. Sent by the docs' own routes, it replaces the portal's policy there.
 */
export const API_DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function isHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https:');
}

/**
 * @fastify/helmet's options: the portal's CSP, never framed, no referrer (some portal URLs carry a
 * token), HSTS only when the public address is https. The server-rendered pages (`sendHtmlPage`)
 * send their own nonce-based policy, which replaces this one on their answers.
 */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: portalDirectives(config) },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: isHttps(config) ? { maxAge: 365 * 24 * 3600 } : false,
  };
}

type FrameworkErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Fastify answers its framework errors (a malformed URL...) before any request hook, @fastify/helmet's
 * included: the handler sets the same headers itself.
 */
export function withSecurityHeaders(config: Config, handler: FrameworkErrorHandler): FrameworkErrorHandler {
  // The same options: @fastify/helmet declares them with helmet's CommonJS types, this module gets the ES ones.
  const setHeaders = helmet(helmetOptions(config) as HelmetOptions);
  return (error, request, reply) => {
    setHeaders(request.raw, reply.raw, () => undefined);
    handler(error, request, reply);
  };
}

/**
 * A download (any answer with a Content-Disposition: exports, archives, PDFs) holds the account's
 * data: no browser or proxy keeps a copy (`Cache-Control: no-store`) unless its route sets its own.
 */
export function registerDownloadCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.hasHeader('content-disposition') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
