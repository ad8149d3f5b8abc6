/**
 * The insured people's locks of an order in flight (PostgreSQL only: PGlite
 * runs one transaction at a time, so nothing waits there): a child with an
 * ID number of their own never waits for another family's child of the same
 * name and birthday, while anyone who may be the same child does wait, and
 * is then refused by the repeat-insurance rule.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { repeatInsuranceMessage } from '../../src/server/orders/repeat-insurance.ts';
import { backends, getSerial, login, makeTestApp, postOrder, type Session, type TestApp, validApplication, XUZHOU } from './helpers.ts';

const postgres = backends.filter((backend) => backend === 'postgres');

describe.skipIf(postgres.length === 0)('order locks (postgres)', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  /** Serials whose order transaction waits, locks taken, until released. */
  const held = new Map<string, { release: () => void; reached: Promise<void>; reach: () => void }>();

  beforeAll(async () => {
    t = await makeTestApp({
      backend: 'postgres',
      hooks: {
        orderLocked: async (serial) => {
          const hold = held.get(serial);
          if (!hold) return;
          hold.reach();
          await new Promise<void>((resolve) => (hold.release = resolve));
        },
      },
    });
    alice = await login(t.app);
    bob = await login(t.app);
  }, 120_000);
  afterAll(() => t?.close());

  /** Starts alice's order of `form` and waits until its transaction holds the insured's locks. */
  async function holdOrder(form: ReturnType<typeof validApplication>) {
    const serial = await getSerial(t.app, alice.token);
    let reach = () => undefined as void;
    const reached = new Promise<void>((resolve) => (reach = resolve));
    const hold = { release: () => undefined as void, reached, reach };
    held.set(serial, hold);
    const answer = postOrder(t.app, alice.token, { serial, form });
    await reached;
    return { answer, release: () => hold.release() };
  }

  /** 'answered' when `answer` settles first, 'waits' as soon as a session waits for an advisory lock. */
  async function answeredOrWaits(answer: Promise<unknown>): Promise<'answered' | 'waits'> {
    let settled = false;
    const answered = answer.then(() => ((settled = true), 'answered' as const));
    const waits = (async () => {
      while (!settled) {
        const result = await t.database.db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
        if (Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n) > 0) return 'waits' as const;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return 'answered' as const;
    })();
    return Promise.race([answered, waits]);
  }

  const birthdayOf = (licenceNo: string) => `${licenceNo.slice(6, 10)}-${licenceNo.slice(10, 12)}-${licenceNo.slice(12, 14)}`;

  it("orders a child with an ID number of their own while another family's namesake born the same day is being ordered", async () => {
    const form = validApplication(XUZHOU);
    const child = form.insureds[0]!;
    const inFlight = await holdOrder(form);
    const namesake = { ...child, licenceNo: makeIdCard('320302', birthdayOf(child.licenceNo), '997') };
    const other = postOrder(t.app, bob.token, { serial: await getSerial(t.app, bob.token), form: validApplication(XUZHOU, { insureds: [namesake] }) });
    const outcome = await answeredOrWaits(other);
    inFlight.release();
    expect(outcome).toBe('answered');
    expect((await other).body.code).toBe('0000');
    expect((await inFlight.answer).body.code).toBe('0000');
  });

  it('makes an order for the same child by passport wait for the order in flight, then refuses it', async () => {
    const form = validApplication(XUZHOU);
    const child = form.insureds[0]!;
    const inFlight = await holdOrder(form);
    const byPassport = { ...child, licenceType: '1', licenceNo: 'E55443322', birthday: birthdayOf(child.licenceNo), sex: '0' as const };
    const other = postOrder(t.app, bob.token, { serial: await getSerial(t.app, bob.token), form: validApplication(XUZHOU, { insureds: [byPassport] }) });
    const outcome = await answeredOrWaits(other);
    inFlight.release();
    expect(outcome).toBe('waits');
    expect((await inFlight.answer).body.code).toBe('0000');
    expect((await other).body).toEqual({ code: '4001', msg: repeatInsuranceMessage(child.name), data: null });
  });
});
