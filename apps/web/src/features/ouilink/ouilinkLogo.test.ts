import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUILINK_LOGO } from '@comptoir/contracts';

const publicDir = new URL('../../../public', import.meta.url).pathname;

describe('the OuiLink logo', () => {
  it('is one asset: the offer image draws no mark of its own', () => {
    expect(readFileSync(`${publicDir}${OUILINK_LOGO}`, 'utf8')).toContain('aria-label="OuiLink"');
    const offer = readFileSync(`${publicDir}/ouilink/offre-ouilink.svg`, 'utf8');
    expect(offer).not.toMatch(/>\s*OuiLink\s*<\/text>/);
  });
});
