import { describe, expect, it } from 'vitest';
import { FEED_ALLOWED_TAGS, sanitizeFeedHtml } from './feed.sanitizer';

const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)" onmouseover=alert(2)>texte</p>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<iframe src="https://evil.example" srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">lien</a>',
  '<a href="JaVaScRiPt:alert(1)">lien</a>',
  '<a href=" javascript:alert(1)">lien</a>',
  '<a href="java\tscript:alert(1)">lien</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">lien</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">lien</a>',
  '<a href="vbscript:msgbox(1)">lien</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">lien</a>',
  '<form action="https://evil.example"><input name=x><button formaction="javascript:alert(1)">ok</button></form>',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href="https://evil.example/x.css"><style>body{background:url(javascript:alert(1))}</style>',
  '<div style="background-image:url(javascript:alert(1))">texte</div>',
  '<!--<img src=x onerror=alert(1)>--><p>texte</p>',
  '<p title="</p><img src=x onerror=alert(1)>">texte</p>',
  '<details open ontoggle=alert(1)>texte</details>',
  '<body onload=alert(1)><template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
];

const ALLOWED = new Set<string>(FEED_ALLOWED_TAGS);

/** Every tag name in a piece of HTML, lower-cased. */
function tagNames(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((match) => match[1]!.toLowerCase());
}

describe('sanitizeFeedHtml', () => {
  it.each(XSS_PAYLOADS)('leaves nothing executable in %s', (payload) => {
    const clean = sanitizeFeedHtml(payload);
    expect(tagNames(clean).filter((tag) => !ALLOWED.has(tag))).toEqual([]);
    expect(clean).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/<[^>]*\s(style|src|srcdoc|action|formaction)\s*=/i);
    expect(clean).not.toMatch(/(java|vb)script\s*:|data\s*:/i);
    expect(sanitizeFeedHtml(clean)).toBe(clean);
  });

  it('removes a script with its content and keeps the text around it', () => {
    expect(sanitizeFeedHtml('<p>Avant<script>alert("x")</script> après</p>')).toBe('<p>Avant après</p>');
  });

  it('keeps the text of a disallowed element but not the element', () => {
    expect(sanitizeFeedHtml('<div class="x"><span style="color:red">Bonjour</span></div>')).toBe('Bonjour');
    expect(sanitizeFeedHtml('<h2>Titre</h2><h3>Sous-titre</h3>')).toBe('Titre<h3>Sous-titre</h3>');
  });

  it('keeps the allowed formatting as written', () => {
    const html =
      '<h3>Nouveau</h3><p>Un <strong>rapport</strong>, <em>enfin</em> <b>gras</b> <i>italique</i><br />suite</p>' +
      '<ul><li>un</li></ul><ol><li>deux</li></ol><h4>Note</h4><blockquote>Citation</blockquote>';
    expect(sanitizeFeedHtml(html)).toBe(html);
  });

  it('drops every attribute but a link href', () => {
    expect(sanitizeFeedHtml('<p id="a" class="b" data-x="c" title="d">texte</p>')).toBe('<p>texte</p>');
  });

  it('makes an http, https or mailto link open in a new tab without an opener', () => {
    expect(
      sanitizeFeedHtml('<a href="https://comptoir.test/aide" target="_self" rel="opener">aide</a>'),
    ).toBe('<a href="https://comptoir.test/aide" rel="noopener noreferrer" target="_blank">aide</a>');
    expect(sanitizeFeedHtml('<a href="http://comptoir.test">site</a>')).toBe(
      '<a href="http://comptoir.test/" rel="noopener noreferrer" target="_blank">site</a>',
    );
    expect(sanitizeFeedHtml('<a href="mailto:support@comptoir.test">écrire</a>')).toBe(
      '<a href="mailto:support@comptoir.test" rel="noopener noreferrer" target="_blank">écrire</a>',
    );
  });

  it('turns a link without an http, https or mailto URL into its text', () => {
    for (const href of [
      '/reporting',
      'aide.html',
      '//evil.example/x',
      'ftp://files.example/x',
      'tel:0102030405',
    ]) {
      expect(sanitizeFeedHtml(`<a href="${href}">lien</a>`)).toBe('lien');
    }
    expect(sanitizeFeedHtml('<a name="ancre">lien</a>')).toBe('lien');
  });

  it('escapes text so that it cannot become markup', () => {
    expect(sanitizeFeedHtml('<p>1 &lt; 2 &amp;&amp; "x"</p>')).toBe('<p>1 &lt; 2 &amp;&amp; "x"</p>');
    expect(sanitizeFeedHtml('a < b > c')).toBe('a &lt; b &gt; c');
  });
});
