import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationFormInput } from '../../contract/order.ts';
import { gradeForAge } from '../../engine/rules/grades.ts';
import { ageInFullYears, makeIdCard } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { findOrCreateUserByPhone, type UserRow } from '../auth/users-repo.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../http/envelope.ts';
import { getOrderBySerial, listFormViewsOfUser, markOrderPaid, getFormView } from '../orders/orders-repo.ts';
import { insertResubToken } from '../orders/resub-tokens-repo.ts';
import { insertSerial } from '../orders/serials-repo.ts';
import { submitOrder } from '../orders/submit-order.ts';
import { issuePolicyForOrder } from '../payments/issue-policy.ts';
import { randomToken } from '../lib/random-codes.ts';
import { seedRatings } from './seed-ratings.ts';
// --- schools
import { seedSchools } from './seed-schools.ts';

export const DEMO_PHONE = '13800138000';
/** The Xuzhou student accident product (2025). */
export const DEMO_PRODUCT_CODE = '25PR320300';
/** Fixed, so that every instance seeding at once converges on one order. */
const DEMO_SERIAL = 'SNDEMO00000000000001';

function demoApplication(): ApplicationFormInput {
  return {
    productCode: DEMO_PRODUCT_CODE,
    planCode: 'XZ25-SJ',
    factors: { socialSecurity: 'Y' },
    policyHolder: {
      name: '张明',
      licenceType: '0',
      licenceNo: makeIdCard('320302', '1986-03-15', '131'),
      phone: DEMO_PHONE,
    },
    insureds: [
      {
        relaToHolder: '03',
        name: '张小雨',
        licenceType: '0',
        licenceNo: makeIdCard('320302', '2015-09-01', '262'),
        schoolName: '徐州市第一实验小学',
        schoolKind: 'edu_07',
        // The grade follows the child's age, whatever the year the demo is seeded.
        grade: gradeForAge(ageInFullYears('2015-09-01', new Date())),
        classAndGrade: '2班',
        provinceCode: '320000',
        cityCode: '320300',
        countyCode: '320302',
        socialMedicalInsurance: 'Y',
      },
    ],
  };
}

/**
 * One demo order through the real submit code, as its owner would place it
 * (serial, anti-resubmit token, submitOrder); the serial is fixed, so seeding
 * again, or several instances seeding at once, converge on one order.
 * Throws the ApiError of a form the manifest no longer accepts.
 */
export async function placeSeedOrder(deps: AppDeps, user: UserRow, serial: string, form: ApplicationFormInput, log: FastifyBaseLogger) {
  const now = deps.now();
  try {
    await insertSerial(deps.db, { serial, userId: user.id, now });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error; // another instance is seeding
  }
  const resubToken = randomToken(24);
  await insertResubToken(deps.db, { token: resubToken, userId: user.id, now, expiresAt: new Date(now.getTime() + 60_000) });
  await submitOrder(deps, { server: { userId: user.id, userCode: user.userCode } }, { idempotentSerialNo: serial, applicationForms: [form] }, resubToken, log);
  const order = await getOrderBySerial(deps.db, serial);
  return order && getFormView(deps.db, { orderCode: order.orderCode });
}

/**
 * Demo data (idempotent): the user 13800138000 with one paid Xuzhou policy,
 * made through the same submit, payment and issue code as real orders, so the
 * demo can never show something the app could not have produced.
 */
export async function seedDemoData(deps: AppDeps, log: FastifyBaseLogger): Promise<void> {
  // --- ratings
  await seedRatings(deps, log);
  await seedSchools(deps, log); // --- schools
  if (!deps.manifests.byProductCode(DEMO_PRODUCT_CODE)) {
    log.info('demo seed skipped: the Xuzhou product is not in the catalogue');
    return;
  }
  const now = deps.now();
  const user = await findOrCreateUserByPhone(deps.db, DEMO_PHONE, now);
  const existing = await listFormViewsOfUser(deps.db, { userId: user.id, limit: 1, offset: 0 });
  if (existing.total > 0) return;

  let view;
  try {
    view = await placeSeedOrder(deps, user, DEMO_SERIAL, demoApplication(), log);
  } catch (error) {
    // The manifest changed so that the demo form no longer passes: say so, do not stop the server.
    if (error instanceof ApiError) {
      log.warn({ msg: error.msg }, 'demo seed skipped: the demo application is refused');
      return;
    }
    throw error;
  }
  if (!view) return;
  if (await markOrderPaid(deps.db, view.orderId, now)) await issuePolicyForOrder(deps, view.orderId, log);
  log.info({ orderCode: view.orderCode }, 'demo policy seeded');
}
