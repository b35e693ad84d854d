import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noUntranslatedText } from './no-untranslated-text.mjs';

// RuleTester runs its cases through these hooks when they are set (ESLint's docs); its types do not list them.
Object.assign(RuleTester, { afterAll, describe, it });

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-untranslated-text', noUntranslatedText as never, {
  valid: [
    { code: 'const a = <p>{t("dashboard.title")}</p>;' },
    { code: 'const a = <p>{count} · 42 € %</p>;' },
    { code: 'const a = <button title={t("ui.modal.close")} className="modal-close" />;' },
    { code: 'const a = <input type="email" name="email" />;' },
  ],
  invalid: [
    { code: 'const a = <p>Bonjour</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>{"Fermer"}</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <button aria-label="Fermer" />;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <img alt={`Logo`} />;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <input placeholder="Votre e-mail" />;', errors: [{ messageId: 'text' }] },
  ],
});
