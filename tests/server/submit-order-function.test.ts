/**
 * The order submission's two database calls (migration 0016): the session of
 * the access token is checked by the submission's first statement instead of
 * the route's guard, so a logged-out or outdated token still orders nothing;
 * and `submit_order`'s static inserts write every column the server sends
 * (SUBMITTED_COLUMNS), held to the function and to the schema. PGlite and
 * PostgreSQL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls } from '../../src/contract/auth.ts';
import { applicationForms, orders } from '../../src/server/db/schema.ts';
import { insertStaff } from '../../src/server/auth/people-repo.ts';
import { namedRunnerOf, setNamedRunner } from '../../src/server/db/db.ts';
import { MIGRATIONS_FOLDER } from '../../src/server/db/migrate.ts';
import { SUBMITTED_COLUMNS } from '../../src/server/orders/orders-repo.ts';
import { backends, call, expectOk, getResubToken, getSerial, login, makeTestApp, postOrder, validApplication, XUZHOU, type TestApp } from './helpers.ts';

/** The column lists of the inserts of the last migration that (re)defines submit_order. */
function insertColumnsOfSubmitOrder(): { orders: string[]; applicationForms: string[] } {
  const files = readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith('.sql')).sort();
  const definitions = files.map((file) => readFileSync(`${MIGRATIONS_FOLDER}/${file}`, 'utf8')).filter((text) => text.includes('FUNCTION submit_order('));
  const body = definitions.at(-1)!.split('FUNCTION submit_order(')[1]!;
  const list = (table: string) =>
    (new RegExp(`INSERT INTO ${table} \\(([^)]*)\\)`).exec(body)?.[1] ?? '')
      .split(',')
      .map((column) => column.trim())
      .filter(Boolean);
  return { orders: list('orders'), applicationForms: list('application_forms') };
}

describe('submit_order writes what the server sends', () => {
  it('lists in its inserts exactly the columns the server sends, beside the order id', () => {
    const inserted = insertColumnsOfSubmitOrder();
    expect(inserted.orders).toEqual([...SUBMITTED_COLUMNS.orders]);
    expect(inserted.applicationForms).toEqual(['order_id', ...SUBMITTED_COLUMNS.applicationForms]);
  });

  it('leaves out of its inserts only columns that have a default, may be null, or are written later', () => {
    for (const [table, written] of [
      [orders, SUBMITTED_COLUMNS.orders],
      [applicationForms, SUBMITTED_COLUMNS.applicationForms],
    ] as const) {
      const left = Object.values(getTableColumns(table)).filter((column) => !(written as readonly string[]).includes(column.name) && column.name !== 'order_id');
      // A new NOT NULL column without a default would make every order fail: add it to the function (a new migration).
      expect(left.filter((column) => column.notNull && !column.hasDefault).map((column) => column.name)).toEqual([]);
    }
  });
});

describe.each(backends)('order submission checks the session in its first statement (%s)', (backend) => {
  let t: TestApp;
  // One SMS code per phone per minute: a second log-in of the same phone moves the clock on.
  let now = new Date();
  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => now });
  });
  afterAll(() => t.close());

  const ordersOfSerial = async (serial: string) => {
    const result = await t.database.db.execute(sql`select count(*)::int as n from orders where idempotent_serial_no = ${serial}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  it('refuses a logged-out token with 406 and writes nothing: the same serial and anti-resubmit token order once logged in again', async () => {
    const session = await login(t.app);
    const serial = await getSerial(t.app, session.token);
    const resubToken = await getResubToken(t.app, session.token);
    expectOk(await call(t.app, { method: 'POST', url: authCalls.loginOut.path, payload: { authorization: session.token, refreshToken: session.refreshToken } }));

    const refused = await postOrder(t.app, session.token, { serial, form: validApplication(XUZHOU, {}, now), resubToken });
    expect(refused.body).toEqual({ code: '406', msg: '请先登录', data: null });
    expect(await ordersOfSerial(serial)).toBe(0);

    now = new Date(now.getTime() + 61_000);
    const again = await login(t.app, session.phone);
    const placed = expectOk(await postOrder(t.app, again.token, { serial, form: validApplication(XUZHOU, {}, now), resubToken }));
    expect(placed.body.order.code).toMatch(/^ED/);
    expect(await ordersOfSerial(serial)).toBe(1);
  });

  it('refuses a token issued before a password change', async () => {
    const session = await login(t.app);
    const serial = await getSerial(t.app, session.token);
    const resubToken = await getResubToken(t.app, session.token);
    await t.database.db.execute(sql`update users set token_version = token_version + 1 where user_code = ${session.userCode}`);
    const refused = await postOrder(t.app, session.token, { serial, form: validApplication(XUZHOU, {}, now), resubToken });
    expect(refused.body).toEqual({ code: '406', msg: '请先登录', data: null });
    expect(await ordersOfSerial(serial)).toBe(0);
  });

  /** The users row id of a signed-in parent (what a staff record names). */
  const userIdOf = async (userCode: string): Promise<string> =>
    ((await t.database.db.execute(sql`select id from users where user_code = ${userCode}`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;

  it('credits a staff member ordering without a promo code to themselves: the one-statement order falls back to reading the staff record', async () => {
    const session = await login(t.app);
    const userId = await userIdOf(session.userCode);
    await insertStaff(t.database.db, { employeeNum: `E${backend}1`, userId, name: '李经纪', licenseNumber: 'LIC1', branchCode: 'B01', branchName: '徐州分公司', channelCode: '05' });
    const serial = await getSerial(t.app, session.token);
    expectOk(await postOrder(t.app, session.token, { serial, form: validApplication(XUZHOU, {}, now) }));
    const result = await t.database.db.execute(sql`
      select f.agent_source as "agentSource", f.promoter_user_id as "promoterUserId", f.form_terms->>'schanelCode' as "schanelCode"
      from application_forms f join orders o on o.id = f.order_id where o.idempotent_serial_no = ${serial}`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ agentSource: 'employeeNum', promoterUserId: userId, schanelCode: '05' }]);
  });

  it("orders for a staff member in two statements: the plain attempt that does not hold answers with the state it read", async () => {
    const session = await login(t.app);
    const userId = await userIdOf(session.userCode);
    await insertStaff(t.database.db, { employeeNum: `E${backend}2`, userId, name: '王经纪', licenseNumber: 'LIC2', branchCode: 'B01', branchName: '徐州分公司', channelCode: '05' });
    const serial = await getSerial(t.app, session.token);
    const resubToken = await getResubToken(t.app, session.token);
    // Every statement the submission sends goes through the app's db.execute or its named statements (no transaction for this order).
    const { db } = t.database;
    const execute = db.execute.bind(db);
    const named = namedRunnerOf(db)!;
    const sent: string[] = [];
    db.execute = ((query: Parameters<typeof execute>[0]) => {
      sent.push(String((query as { queryChunks?: { value?: string[] }[] }).queryChunks?.[0]?.value?.[0] ?? '').trim().split('(')[0]!);
      return execute(query);
    }) as typeof db.execute;
    setNamedRunner(db, (statement, values) => {
      sent.push(statement.text.trim().split('(')[0]!);
      return named(statement, values);
    });
    try {
      expectOk(await postOrder(t.app, session.token, { serial, form: validApplication(XUZHOU, {}, now), resubToken }));
    } finally {
      db.execute = execute;
      setNamedRunner(db, named);
    }
    expect(sent).toEqual(['select submit_plain_order_or_state', 'select submit_order']);
    const result = await db.execute(sql`
      select f.agent_source as "agentSource" from application_forms f join orders o on o.id = f.order_id where o.idempotent_serial_no = ${serial}`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ agentSource: 'employeeNum' }]);
  });

  it('refuses a request without a valid token before reading anything', async () => {
    const session = await login(t.app);
    const serial = await getSerial(t.app, session.token);
    const refused = await postOrder(t.app, `${session.token}x`, { serial, form: validApplication(XUZHOU, {}, now), resubToken: 'any' });
    expect(refused.body).toEqual({ code: '406', msg: '请先登录', data: null });
    expect(await ordersOfSerial(serial)).toBe(0);
  });
});
