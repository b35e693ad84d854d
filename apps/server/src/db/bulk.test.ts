import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteCopyInsert } from './bulk';

describe('pgliteCopyInsert', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`create table copy_probe (
      id integer primary key, label text, note text, flag boolean, at timestamptz, data jsonb)`);
  });
  afterAll(() => pglite.close());

  it('stores every value as given, escapes and nulls included', async () => {
    const rows = [
      {
        id: 1,
        label: 'tab\there, line\nbreak, return\r, back\\slash, "quotes", ;semicolon,comma',
        note: '',
        flag: true,
        at: new Date('2026-03-05T11:22:33.456Z'),
        data: { text: 'a "quoted" \\ word\twith\ncontrols', n: 12, list: ['é', '€', '\u0001'] },
      },
      { id: 2, label: '\\N', note: null, flag: false, at: null, data: null },
    ];
    const insert = pgliteCopyInsert(pglite);
    await insert(null as never, 'copy_probe' as never, rows as never);

    const { rows: stored } = await pglite.query<Record<string, unknown>>(
      'select id, label, note, flag, at, data from copy_probe order by id',
    );
    expect(stored).toEqual(rows);
  });
});
