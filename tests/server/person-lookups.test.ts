/**
 * No child is found by sweeping ID numbers: the roster check answers only
 * whether an ID number is on the roster (never the child's name, school or
 * class), 10 times a day per user and product; a sweep of one birthday and
 * county is stopped at the 11th number. The account's real-name check is
 * bounded the same way. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCalls } from '../../src/contract/contracts.ts';
import { identityCalls } from '../../src/contract/accounts.ts';
import { makeIdCard } from '../../src/engine/rules/index.ts';
import { loadRoster, parseRosterCsv } from '../../src/server/contracts/roster.ts';
import { backends, call, expectOk, login, makeTestApp, type Session, type TestApp } from './helpers.ts';

const JINING_OFFLINE = '23PR370860';
const LANSHAN = '24PR371302';
const BIRTHDAY = `${new Date().getFullYear() - 9}0315`;
/** The roster's child is one of the 1,000 numbers of one county and birthday. */
const CHILD = { name: '王小明', idNo: makeIdCard('370802', BIRTHDAY, '517'), school: '济宁市第一实验小学', className: '三年级二班' };
const DAY_MS = 24 * 3600_000;

describe.each(backends)('person look-ups are bounded (%s)', (backend) => {
  let t: TestApp;
  let now = new Date('2025-09-01T02:00:00Z');

  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => now });
    const parsed = parseRosterCsv(`name,idNo,schoolName,className\n${CHILD.name},${CHILD.idNo},${CHILD.school},${CHILD.className}\n`);
    await loadRoster(t.database.db, JINING_OFFLINE, parsed.entries);
  }, 60_000);
  afterAll(() => t?.close());

  const check = (session: Session, cardNo: string, productCode = JINING_OFFLINE) =>
    call<Record<string, unknown>>(t.app, { method: 'GET', url: `${contractCalls.verifyInsuredCardNo.path}?productCode=${productCode}&cardNo=${cardNo}`, token: session.token });

  it('answers whether an ID number is on the roster, and nothing about the child', async () => {
    const parent = await login(t.app);
    const found = await check(parent, CHILD.idNo);
    expect(expectOk(found)).toEqual({ found: true, status: '0' });
    const raw = found.response.body;
    for (const secret of [CHILD.name, CHILD.name.slice(0, 1), CHILD.school, CHILD.className]) expect(raw).not.toContain(secret);
    expect(expectOk(await check(parent, makeIdCard('370802', BIRTHDAY, '000')))).toEqual({ found: false, status: '' });
  });

  it('refuses the 11th query of a day per user and product, and counts again the next day', async () => {
    const parent = await login(t.app);
    for (let i = 0; i < 10; i++) expectOk(await check(parent, makeIdCard('370802', BIRTHDAY, String(100 + i))));
    const eleventh = await check(parent, CHILD.idNo);
    expect(eleventh.body).toEqual({ code: '4029', msg: '查询过于频繁，请明天再试', data: null });
    // Another product and another parent have budgets of their own.
    expect((await check(parent, CHILD.idNo, LANSHAN)).body.code).not.toBe('4029');
    expectOk(await check(await login(t.app), CHILD.idNo));
    now = new Date(now.getTime() + DAY_MS + 1000);
    // The same account (a new session: the day outlived the token).
    expect(expectOk(await check(await login(t.app, parent.phone), CHILD.idNo))).toEqual({ found: true, status: '0' });
  });

  it('stops a sweep of one birthday and county: concurrent queries find nobody past the budget', async () => {
    const sweeper = await login(t.app);
    // The child's number comes late in the sweep, as it would for any child.
    const numbers = Array.from({ length: 1000 }, (_, i) => makeIdCard('370802', BIRTHDAY, String(i).padStart(3, '0')));
    const answers = [];
    for (let from = 0; from < 200; from += 20) answers.push(...(await Promise.all(numbers.slice(from, from + 20).map((n) => check(sweeper, n)))));
    expect(answers.filter((a) => a.body.code === '0000')).toHaveLength(10);
    expect(answers.filter((a) => a.body.code === '4029')).toHaveLength(190);
    const rest = await Promise.all(numbers.slice(500, 520).concat([CHILD.idNo]).map((n) => check(sweeper, n)));
    expect(rest.every((a) => a.body.code === '4029' && a.body.data === null)).toBe(true);
  });

  it('bounds the account’s real-name checks to 10 a day', async () => {
    const parent = await login(t.app);
    const attempt = (i: number) =>
      call(t.app, { method: 'POST', url: identityCalls.personalAuthen.path, token: parent.token, payload: { name: '李四', idNo: makeIdCard('110101', '19800101', String(200 + i)) } });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).body.code).not.toBe('4029');
    expect((await attempt(10)).body).toEqual({ code: '4029', msg: '查询过于频繁，请明天再试', data: null });
  });
});
