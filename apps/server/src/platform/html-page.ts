import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** A server-rendered page and the Content-Security-Policy that lets only its own style and script run. */
export interface HtmlPage {
  html: string;
  contentSecurityPolicy: string;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** A value written into a page's inline script as a JavaScript literal; `<` escaped so it cannot end the script. */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The portal's palette (apps/web/src/styles.css) on a centred card `maxWidth` wide. */
function pageStyles(maxWidth: string): string {
  return `
  *, *::before, *::after { box-sizing: border-box; }
  html { color-scheme: light; }
  body {
    margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    padding: 1.5rem 1rem; background: #f5f3ef; color: #1f1d1a;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  }
  main { width: 100%; max-width: ${maxWidth}; }
  .brand { margin: 0 0 1.25rem; text-align: center; font-size: 1.75rem; font-weight: 700; letter-spacing: .02em; color: #1f3a3d; }
  .card { background: #fff; border-radius: 12px; padding: 1.75rem 1.5rem; box-shadow: 0 1px 2px rgba(0,0,0,.06), 0 8px 24px rgba(0,0,0,.08); }
  h1 { margin: 0 0 1.25rem; font-size: 1.25rem; font-weight: 600; }
  p { margin: 0 0 1rem; }
  .field { margin-bottom: 1rem; }
  label { display: block; margin-bottom: .375rem; font-weight: 500; }
  input {
    width: 100%; padding: .75rem .875rem; font: inherit; color: inherit; background: #fff;
    border: 1px solid #b9b2a8; border-radius: 8px;
  }
  input:focus { outline: 3px solid rgba(31,58,61,.35); outline-offset: 1px; border-color: #1f3a3d; }
  input[aria-invalid="true"] { border-color: #9f3a29; }
  .hint { margin: .375rem 0 0; font-size: .875rem; color: #5c6769; }
  .field-error { margin: .375rem 0 0; font-size: .875rem; color: #9f3a29; }
  button, .button {
    display: block; width: 100%; margin-top: .5rem; padding: .8rem 1rem; font: inherit; font-weight: 600;
    color: #fff; background: #1f3a3d; border: 0; border-radius: 8px; cursor: pointer; text-align: center;
    text-decoration: none;
  }
  button:hover, .button:hover { background: #152a2c; }
  button:focus-visible, .button:focus-visible, .back:focus-visible { outline: 3px solid rgba(31,58,61,.45); outline-offset: 2px; }
  button:disabled { opacity: .7; cursor: progress; }
  .back { display: block; margin-top: 1rem; text-align: center; color: #1f3a3d; }
  .error { padding: .75rem .875rem; border-radius: 8px; background: #fbefec; color: #9f3a29; border: 1px solid #efc9c0; }
  .success { padding: .75rem .875rem; border-radius: 8px; background: #eaf1f0; color: #1f3a3d; border: 1px solid #c4d8d5; }
  [hidden] { display: none !important; }
`;
}

/**
 * A self-contained French page of the authentication service: the brand above a card in the portal's
 * look. Its one style and one script carry a per-response nonce; nothing else may load. The script is
 * written inline, or loaded from the server (`{ src }`, a file of the built portal).
 */
export function renderHtmlPage(page: {
  title: string;
  maxWidth: string;
  card: string;
  script: string | { src: string };
}): HtmlPage {
  const nonce = crypto.randomBytes(16).toString('base64');
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    'img-src data:',
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} — Comptoir</title>
<link rel="icon" href="data:,">
<style nonce="${nonce}">${pageStyles(page.maxWidth)}</style>
</head>
<body>
<main>
  <p class="brand">Comptoir</p>
  <div class="card">
    ${page.card}
  </div>
</main>
${
  typeof page.script === 'string'
    ? `<script nonce="${nonce}">\n${page.script}\n</script>`
    : `<script nonce="${nonce}" src="${escapeHtml(page.script.src)}"></script>`
}
</body>
</html>
`;
  return { html, contentSecurityPolicy };
}

/** Sends a page with its CSP, uncached, never framed or sniffed, and without a referrer for its links. */
export function sendHtmlPage(reply: FastifyReply, page: HtmlPage): FastifyReply {
  return reply
    .header('content-security-policy', page.contentSecurityPolicy)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(page.html);
}
