import sanitizeHtml from 'sanitize-html';

export const FEED_ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'ul',
  'ol',
  'li',
  'a',
  'h3',
  'h4',
  'blockquote',
] as const;

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The link's absolute URL when it is http, https or mailto; null for anything else, relative ones included. */
function safeHref(href: string | undefined): string | null {
  if (!href || !URL.canParse(href)) return null;
  const url = new URL(href);
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...FEED_ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowedClasses: {},
  // Disallowed tags go but their text stays; inside these, the text goes too.
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
  ],
  transformTags: {
    // A link without a usable URL becomes a span, which is not allowed: its text stays, the link goes.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href?.trim());
      return href
        ? { tagName: 'a', attribs: { href, rel: 'noopener noreferrer', target: '_blank' } }
        : { tagName: 'span', attribs: {} };
    },
  },
};

/**
 * The HTML of a feed item reduced to the allowlist: paragraphs, line breaks, emphasis, lists,
 * h3/h4, blockquotes and http(s)/mailto links that open in a new tab without an opener. Scripts,
 * frames, styles, event handlers and every other attribute are removed. Idempotent, so the server
 * applies it both when an item is stored and when it is sent.
 */
export function sanitizeFeedHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
