/**
 * Refuses user-visible text written in a component instead of coming from the catalogs: JSX text with
 * a letter in it, and letters in the attributes a user reads or hears (title, aria-label, alt,
 * placeholder, label). Punctuation, digits and symbols alone are allowed.
 */
const TEXT_ATTRIBUTES = new Set(['title', 'aria-label', 'alt', 'placeholder', 'label', 'aria-description']);
const LETTER = /\p{L}/u;

/** @typedef {any} JsxNode A JSX node: ESLint's ESTree types have none. */

/**
 * The text of a string literal, of a JSX expression container holding one (or a template without
 * expressions), else null.
 * @param {JsxNode} node a JSX attribute's value or child
 * @returns {string | null}
 */
function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'JSXExpressionContainer') {
    const { expression } = node;
    if (expression.type === 'Literal' && typeof expression.value === 'string') return expression.value;
    if (expression.type === 'TemplateLiteral' && expression.expressions.length === 0) {
      return expression.quasis
        .map((/** @type {{ value: { cooked: string } }} */ q) => q.value.cooked)
        .join('');
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noUntranslatedText = {
  meta: {
    type: 'problem',
    docs: { description: 'UI text must come from the i18n catalogs (t(...))' },
    messages: {
      text: 'Untranslated text "{{text}}": add a key to the area\'s messages and use t().',
    },
    schema: [],
  },
  create(context) {
    const report = (/** @type {JsxNode} */ node, /** @type {string} */ text) =>
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(/** @type {JsxNode} */ node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(/** @type {JsxNode} */ node) {
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        const text = literalText(node);
        if (text !== null && LETTER.test(text)) report(node, text);
      },
      JSXAttribute(/** @type {JsxNode} */ node) {
        const name = typeof node.name.name === 'string' ? node.name.name : null;
        if (!name || !TEXT_ATTRIBUTES.has(name)) return;
        const text = literalText(node.value);
        if (text !== null && LETTER.test(text)) report(node, text);
      },
    };
  },
};

export default { rules: { 'no-untranslated-text': noUntranslatedText } };
