import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { helmetOptions } from './security-headers';

function directives(publicUrl: string) {
  const { contentSecurityPolicy } = helmetOptions({ ...loadConfig({}), publicUrl });
  if (typeof contentSecurityPolicy !== 'object') throw new Error('no CSP');
  return contentSecurityPolicy.directives ?? {};
}

describe('helmetOptions', () => {
  it('upgrades insecure requests and sends HSTS only behind an https public address', () => {
    expect(directives('https://backoffice.comptoir.test')['upgrade-insecure-requests']).toEqual([]);
    expect(helmetOptions({ ...loadConfig({}), publicUrl: 'https://backoffice.comptoir.test' })).toMatchObject(
      {
        strictTransportSecurity: { maxAge: 31536000 },
      },
    );
    // A LAN install over plain HTTP would break if its requests were upgraded.
    expect(directives('http://192.168.1.20:3000')['upgrade-insecure-requests']).toBeNull();
    expect(helmetOptions({ ...loadConfig({}), publicUrl: 'http://192.168.1.20:3000' })).toMatchObject({
      strictTransportSecurity: false,
    });
  });
});
