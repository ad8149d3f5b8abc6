/**
 * Family members (常用被保人, docs/accounts.md#family-members): saving with
 * consent, editing, deleting the row, the engine's messages, masked answers,
 * the one full answer (fill) for the owner only, the per-user cap, and the ID
 * number encrypted at rest (absent from a dump of every table).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyCalls, type FamilyMemberFill, type FamilyMemberList, type FamilyMemberView } from '../../src/contract/family.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import { FAMILY_MEMBERS_MAX, MSG_FAMILY_CONSENT, MSG_FAMILY_DUPLICATE, msgFamilyLimit } from '../../src/engine/insure/family-member.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { maskIdNumber, maskPhone } from '../../src/engine/rules/masking.ts';
import { MSG_BIRTHDAY_REQUIRED, MSG_ID_CHECKSUM, MSG_NAME, MSG_PHONE } from '../../src/engine/rules/messages.ts';
import { createPersonCrypto } from '../../src/server/family/person-crypto.ts';
import { backends, call, expectOk, login, makeTestApp, type Session, type TestApp } from './helpers.ts';

const CHILD_ID = makeIdCard('320302', '2016-09-01', '123');
const child = { name: '王小雨', idType: '0', idNo: CHILD_ID, phone: '13912345678', schoolName: '徐州市第一实验小学', className: '四年级1班', consent: true };

describe.each(backends)('family members (%s)', (backend) => {
  let t: TestApp;
  let parent: Session;
  let other: Session;

  const list = async (who: Session) => expectOk(await call<FamilyMemberList>(t.app, { method: 'GET', url: familyCalls.list.path, token: who.token }));
  const add = (who: Session, payload: Record<string, unknown>) => call<FamilyMemberView>(t.app, { method: 'POST', url: familyCalls.add.path, token: who.token, payload });
  const update = (who: Session, id: string, payload: Record<string, unknown>) =>
    call<FamilyMemberView>(t.app, { method: 'POST', url: fillPath(familyCalls.update.path, { id }), token: who.token, payload });
  const remove = (who: Session, id: string) => call<null>(t.app, { method: 'POST', url: fillPath(familyCalls.remove.path, { id }), token: who.token });
  const fill = (who: Session, id: string) => call<FamilyMemberFill>(t.app, { method: 'POST', url: fillPath(familyCalls.fill.path, { id }), token: who.token });
  const refusal = (result: { status: number; body: { code: string; msg: string; data: unknown } }) => [result.status, result.body.code, result.body.msg, result.body.data];

  beforeAll(async () => {
    t = await makeTestApp({ backend });
    parent = await login(t.app);
    other = await login(t.app);
  });
  afterAll(() => t.close());

  it('saves a child with consent, answers them masked, and fills the form with the full data for the owner', async () => {
    const saved = expectOk(await add(parent, child));
    expect(saved).toMatchObject({
      name: '王小雨',
      idType: '0',
      idNo: maskIdNumber(CHILD_ID),
      birthday: '2016-09-01',
      sex: '0',
      phone: maskPhone(child.phone),
      schoolName: '徐州市第一实验小学',
      className: '四年级1班',
    });
    expect(Date.parse(saved.consentedAt)).not.toBeNaN();
    const listed = await list(parent);
    expect(listed.max).toBe(FAMILY_MEMBERS_MAX);
    expect(listed.list).toEqual([saved]);
    expect(JSON.stringify(listed)).not.toContain(CHILD_ID);
    expect(JSON.stringify(listed)).not.toContain(child.phone);
    expect(expectOk(await fill(parent, saved.id))).toEqual({
      id: saved.id,
      name: '王小雨',
      idType: '0',
      idNo: CHILD_ID,
      birthday: '2016-09-01',
      sex: '0',
      phone: child.phone,
      schoolName: '徐州市第一实验小学',
      className: '四年级1班',
    });
    // The consent time is stored.
    const { rows } = (await t.database.db.execute(sql`select consented_at from family_members where id = ${Number(saved.id)}`)) as unknown as { rows: { consented_at: unknown }[] };
    expect(rows[0]!.consented_at).toBeTruthy();
    expectOk(await remove(parent, saved.id));
  });

  it('refuses without consent, and gives the engine’s messages', async () => {
    expect(refusal(await add(parent, { ...child, consent: false }))).toEqual([200, '4001', MSG_FAMILY_CONSENT, null]);
    expect(refusal(await add(parent, { ...child, name: 'x' }))).toEqual([200, '4001', MSG_NAME, null]);
    expect(refusal(await add(parent, { ...child, idNo: `${CHILD_ID.slice(0, 17)}${CHILD_ID.endsWith('0') ? '1' : '0'}` }))).toEqual([200, '4001', MSG_ID_CHECKSUM, null]);
    expect(refusal(await add(parent, { ...child, phone: '12345678901' }))).toEqual([200, '4001', MSG_PHONE, null]);
    // A passport carries no birth date: the birthday and sex are asked.
    expect(refusal(await add(parent, { ...child, idType: '1', idNo: 'E12345678' }))).toEqual([200, '4001', MSG_BIRTHDAY_REQUIRED, null]);
    // The consent is a required part of the body, and the body is closed.
    const { consent: _consent, ...withoutConsent } = child;
    expect((await add(parent, withoutConsent)).body.code).toBe('4000');
    expect((await add(parent, { ...child, extra: 1 })).body.code).toBe('4000');
    expect((await list(parent)).list).toEqual([]);
  });

  it('edits a person (keeping the number when none is sent), refuses the same person twice, and deletes the row', async () => {
    const first = expectOk(await add(parent, child));
    const passport = expectOk(await add(parent, { name: '李雷', idType: '1', idNo: 'E12345678', birthday: '2012-05-06', sex: '0', consent: true }));
    expect(passport).toMatchObject({ idNo: maskIdNumber('E12345678'), birthday: '2012-05-06', sex: '0', phone: '' });
    expect(refusal(await add(parent, { ...child, name: '王小语' }))).toEqual([200, '4001', MSG_FAMILY_DUPLICATE, null]);

    const { idNo: _idNo, phone: _phone, ...kept } = child;
    const edited = expectOk(await update(parent, first.id, { ...kept, className: '五年级1班' }));
    expect(edited).toMatchObject({ id: first.id, idNo: maskIdNumber(CHILD_ID), phone: maskPhone(child.phone), className: '五年级1班' });
    expect(expectOk(await fill(parent, first.id))).toMatchObject({ idNo: CHILD_ID, phone: child.phone, className: '五年级1班' });
    expect(refusal(await update(parent, first.id, { ...kept, consent: false }))).toEqual([200, '4001', MSG_FAMILY_CONSENT, null]);
    // Changing the number to one already saved is the same person twice.
    expect(refusal(await update(parent, passport.id, { ...kept, idNo: CHILD_ID }))).toEqual([200, '4001', MSG_FAMILY_DUPLICATE, null]);
    expect(expectOk(await update(parent, first.id, { ...kept, phone: '' })).phone).toBe('');

    expectOk(await remove(parent, first.id));
    const { rows } = (await t.database.db.execute(sql`select count(*)::int as n from family_members where id = ${Number(first.id)}`)) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
    expect(refusal(await fill(parent, first.id))).toEqual([200, '4004', '常用被保人不存在', null]);
    expect(refusal(await remove(parent, first.id))).toEqual([200, '4004', '常用被保人不存在', null]);
    expect((await list(parent)).list.map((p) => p.id)).toEqual([passport.id]);
    expectOk(await remove(parent, passport.id));
  });

  it('refuses another user’s id on every call: 4003, nothing of the person in the answer, the person unchanged', async () => {
    const saved = expectOk(await add(parent, child));
    const probes = [
      await fill(other, saved.id),
      await update(other, saved.id, { ...child, idNo: makeIdCard('320302', '2017-01-02', '456'), name: '赵小雪' }),
      await remove(other, saved.id),
    ];
    for (const probe of probes) {
      expect(refusal(probe)).toEqual([200, '4003', '无权访问该常用被保人', null]);
      for (const secret of [CHILD_ID, child.name, child.schoolName, child.phone]) expect(probe.response.body).not.toContain(secret);
    }
    expect((await list(other)).list).toEqual([]);
    expect((await list(parent)).list).toEqual([saved]);
    expect(expectOk(await fill(parent, saved.id)).idNo).toBe(CHILD_ID);
    expectOk(await remove(parent, saved.id));
  });

  it('keeps at most the cap of people per account, with a Chinese message', async () => {
    const ids: string[] = [];
    for (let i = 0; i < FAMILY_MEMBERS_MAX; i++) {
      ids.push(expectOk(await add(other, { name: '孙小', idType: '1', idNo: `P${String(1000000 + i)}`, birthday: '2015-01-01', sex: '1', consent: true })).id);
    }
    expect(refusal(await add(other, { ...child, consent: true }))).toEqual([200, '4001', msgFamilyLimit(FAMILY_MEMBERS_MAX), null]);
    expectOk(await remove(other, ids[0]!));
    expectOk(await add(other, child));
    for (const id of (await list(other)).list.map((p) => p.id)) expectOk(await remove(other, id));
  });

  it('stores the ID number encrypted: no table of the database holds it in the clear', async () => {
    const saved = expectOk(await add(parent, child));
    const { rows: tables } = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(tables.map((r) => r.table_name)).toContain('family_members');
    let dump = '';
    for (const { table_name } of tables) {
      const { rows } = (await t.database.db.execute(sql.raw(`select t::text as row from "${table_name}" t`))) as unknown as { rows: { row: string }[] };
      dump += rows.map((r) => r.row).join('\n');
    }
    expect(dump).toContain(maskIdNumber(CHILD_ID));
    expect(dump).not.toContain(CHILD_ID);
    expect(dump).not.toContain(CHILD_ID.slice(0, 14));
    // What is stored opens only with the key and for its owner.
    const { rows } = (await t.database.db.execute(sql`select id_no_cipher, user_id from family_members where id = ${Number(saved.id)}`)) as unknown as {
      rows: { id_no_cipher: string; user_id: string }[];
    };
    const sealed = rows[0]!;
    expect(createPersonCrypto(t.config.personDataKey).open(sealed.id_no_cipher, sealed.user_id)).toBe(CHILD_ID);
    expect(() => createPersonCrypto(t.config.personDataKey).open(sealed.id_no_cipher, '00000000-0000-0000-0000-000000000000')).toThrow();
    expect(() => createPersonCrypto('another-person-data-key-0123456789').open(sealed.id_no_cipher, sealed.user_id)).toThrow();
    expectOk(await remove(parent, saved.id));
  });

  it('asks a log-in for every call', async () => {
    expect((await call(t.app, { method: 'GET', url: familyCalls.list.path })).body.code).toBe('406');
    expect((await call(t.app, { method: 'POST', url: fillPath(familyCalls.fill.path, { id: '1' }) })).body.code).toBe('406');
  });
});
