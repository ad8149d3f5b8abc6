/**
 * The customer search masks names in SQL (it filters and pages by the masked name): on sample values the
 * database answers exactly what the engine's maskName and maskPhone give, so the two never drift apart.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskName, maskPhone } from '../../src/engine/rules/masking.ts';
import type { DbHandle } from '../../src/server/db/db.ts';
import { MASKED_NAME } from '../../src/server/promoters/promoter-area-repo.ts';
import { backends, openTestDb } from './helpers.ts';

/** Names of 1, 2, 3 and 5 characters, one with an astral character; phones of 11, 8, 7 and 3 digits. */
const NAMES = ['王', '张明', '欧阳娜', '阿卜杜拉木', '𠀋小明'];
const PHONES = ['13812345678', '02112345', '1234567', '138'];

describe.each(backends)('the masked customer name in SQL (%s)', (backend) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openTestDb(backend);
  });
  afterAll(() => database.close());

  async function masked(name: string | null, phone: string): Promise<string> {
    const result = await database.db.execute(sql`select ${MASKED_NAME} as "masked" from (select ${name}::text as actual_name, ${phone}::text as phone) u`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { masked: string }[];
    return rows[0]!.masked;
  }

  it('masks a name as maskName does', async () => {
    for (const name of NAMES) expect(await masked(name, '13812345678')).toBe(maskName(name));
  });

  it('masks the phone as maskPhone does when there is no name', async () => {
    for (const phone of PHONES) {
      expect(await masked(null, phone)).toBe(maskPhone(phone));
      expect(await masked('', phone)).toBe(maskPhone(phone));
    }
  });
});
