import fs from 'node:fs';

/** The product's name as its documents and journal name it. */
export const SOFTWARE_NAME = 'Comptoir';

/** The server's version, from its package.json. */
export const SERVER_VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
