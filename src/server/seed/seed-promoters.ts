import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationFormInput } from '../../contract/order.ts';
import { VALID_STATUSES } from '../../contract/policy-lifecycle.ts';
import { gradeForAge } from '../../engine/rules/grades.ts';
import { ageInFullYears, makeIdCard } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { setManagerOnce } from '../auth/people-repo.ts';
import { findOrCreateUserByPhone } from '../auth/users-repo.ts';
import { applicationForms, orders, staffMembers } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { applyTransition } from '../orders/lifecycle-repo.ts';
import { getFormView, markOrderPaid } from '../orders/orders-repo.ts';
import { placeSeedOrder } from './seed-demo.ts';
import { issuePolicyForOrder } from '../payments/issue-policy.ts';
import { upsertStaff } from '../promoters/staff-admin.ts';

/** The demo broker: log in with this phone to see 推广专区 alive (README). */
export const DEMO_BROKER_PHONE = '13900139000';
/** The demo roster keeper of the Jining market (roster and compliance roles): resets and corrects its offline roster. */
export const DEMO_ROSTER_PHONE = '13900139001';
const DEMO_PRODUCT = { productCode: '25PR320300', planCode: 'XZ25-SJ' };
const DAY_MS = 86_400_000;

interface DemoSale {
  customer: { phone: string; holder: string; child: string; birth: string; seq: string };
  /** What happens after the order: paid and issued, left unpaid, or surrendered after issue. */
  outcome: 'unpaid' | 'issued' | 'surrendered';
  /** Days the sale is moved into the past (its dates with it, as if it had been made then). */
  daysAgo: number;
}

const SALES: DemoSale[] = [
  { customer: { phone: '13700137001', holder: '李娜', child: '李思远', birth: '2016-04-12', seq: '013' }, outcome: 'issued', daysAgo: 330 },
  { customer: { phone: '13700137002', holder: '王芳', child: '王子涵', birth: '2014-10-03', seq: '024' }, outcome: 'issued', daysAgo: 40 },
  { customer: { phone: '13700137003', holder: '陈静', child: '陈一诺', birth: '2017-01-20', seq: '046' }, outcome: 'surrendered', daysAgo: 75 },
  { customer: { phone: '13700137004', holder: '刘洋', child: '刘欣怡', birth: '2015-06-08', seq: '068' }, outcome: 'issued', daysAgo: 3 },
  { customer: { phone: '13700137005', holder: '赵磊', child: '赵梓轩', birth: '2013-12-30', seq: '071' }, outcome: 'unpaid', daysAgo: 0 },
];

function application(sale: DemoSale, promoCode: string): ApplicationFormInput {
  const { customer } = sale;
  return {
    productCode: DEMO_PRODUCT.productCode,
    planCode: DEMO_PRODUCT.planCode,
    factors: { socialSecurity: 'Y' },
    promoCode,
    policyHolder: { name: customer.holder, licenceType: '0', licenceNo: makeIdCard('320303', '1985-05-05', customer.seq), phone: customer.phone },
    insureds: [
      {
        relaToHolder: '03',
        name: customer.child,
        licenceType: '0',
        licenceNo: makeIdCard('320303', customer.birth, customer.seq),
        schoolName: '徐州市鼓楼小学',
        schoolKind: 'edu_07',
        // The grade follows the child's age (a fixed grade would not fit every birthday, nor every year).
        grade: gradeForAge(ageInFullYears(customer.birth, new Date())),
        classAndGrade: '1班',
        provinceCode: '320000',
        cityCode: '320300',
        countyCode: '320303',
        socialMedicalInsurance: 'Y',
      },
    ],
  };
}

async function waitIssued(deps: AppDeps, orderId: number): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    const view = await getFormView(deps.db, { orderId });
    if (view && view.status !== 'waitIssue') return VALID_STATUSES.includes(view.status);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** The demo roster keeper (idempotent): staff of the Jining branch who keep its market's offline roster and replay sales. */
async function seedRosterKeeper(deps: AppDeps): Promise<void> {
  const [existing] = await deps.db.select().from(staffMembers).where(eq(staffMembers.employeeNum, 'E1002')).limit(1);
  if (existing) return;
  await upsertStaff(
    deps.db,
    {
      phone: DEMO_ROSTER_PHONE,
      employeeNum: 'E1002',
      name: '孙运营',
      licenseNumber: '02000137000080002019000456',
      branchCode: 'JT0137080',
      branchName: '济宁分公司',
      roles: ['roster', 'compliance'],
      scope: ['jining'],
    },
    deps.now(),
  );
}

/**
 * Demo data of the promoter channel (development only, idempotent): the broker
 * 13900139000 (王经纪, all-sale channel 05) with five customers who came
 * through his link, their orders at several statuses spread over the year —
 * one ending inside the renewal window, one surrendered (its reward clawed
 * back), one unpaid — all made through the same submit, payment, issue and
 * surrender code as real orders. Sales are then moved into the past with
 * their dates, as if made then.
 */
export async function seedPromoterDemo(deps: AppDeps, log: FastifyBaseLogger): Promise<void> {
  await seedRosterKeeper(deps);
  if (!deps.manifests.byProductCode(DEMO_PRODUCT.productCode)) return;
  const [existing] = await deps.db.select().from(staffMembers).where(eq(staffMembers.employeeNum, 'E1001')).limit(1);
  if (existing) return;
  const now = deps.now();
  const broker = await upsertStaff(
    deps.db,
    {
      phone: DEMO_BROKER_PHONE,
      employeeNum: 'E1001',
      name: '王经纪',
      licenseNumber: '02000132000080002019000123',
      branchCode: 'JT0144001',
      branchName: '徐州分公司',
      channelCode: '05',
      roles: ['broker'],
      scope: ['xuzhou'],
    },
    now,
  );
  for (const [index, sale] of SALES.entries()) {
    const customer = await findOrCreateUserByPhone(deps.db, sale.customer.phone, now);
    // Bound through the link a day before their purchase.
    const boundAt = new Date(now.getTime() - (sale.daysAgo + 1) * DAY_MS);
    await setManagerOnce(deps.db, { userId: customer.id, managerUserCode: broker.userCode, schanelCode: '05', source: 'link', now: boundAt });
    let view;
    try {
      view = await placeSeedOrder(deps, customer, `SNDEMOPROMO000000000${index}`, application(sale, broker.promoCode), log);
    } catch (error) {
      if (error instanceof ApiError) {
        log.warn({ msg: error.msg }, 'promoter demo seed skipped: a demo application is refused');
        return;
      }
      throw error;
    }
    if (!view) continue;
    if (sale.outcome !== 'unpaid' && (await markOrderPaid(deps.db, view.orderId, now))) await issuePolicyForOrder(deps, view.orderId, log);
    // The sandbox insurer issues a moment later; a policy is surrendered once issued.
    if (sale.outcome === 'surrendered' && (await waitIssued(deps, view.orderId))) await applyTransition(deps.db, { orderId: view.orderId, event: 'surrender', at: now, actor: 'user' });
    if (sale.daysAgo > 0) {
      const shift = sql.raw(`interval '${sale.daysAgo * (DAY_MS / 1000)} seconds'`);
      await deps.db
        .update(applicationForms)
        .set({
          createdAt: sql`${applicationForms.createdAt} - ${shift}`,
          startDate: sql`${applicationForms.startDate} - ${shift}`,
          endDate: sql`${applicationForms.endDate} - ${shift}`,
        })
        .where(eq(applicationForms.orderId, view.orderId));
      await deps.db
        .update(orders)
        .set({ createdAt: sql`${orders.createdAt} - ${shift}`, paidAt: sql`${orders.paidAt} - ${shift}` })
        .where(inArray(orders.id, [view.orderId]));
      // The oldest sale's reward was paid out long ago (npm run staff -- pay-rewards).
      if (sale.daysAgo >= 300 && sale.outcome === 'issued') {
        await deps.db.update(applicationForms).set({ rewardPaidAt: new Date(now.getTime() - 200 * DAY_MS) }).where(eq(applicationForms.orderId, view.orderId));
      }
    }
  }
  log.info({ broker: DEMO_BROKER_PHONE }, 'promoter demo seeded');
}
