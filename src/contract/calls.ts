import { accountCalls, identityCalls } from './accounts.ts';
import { authCalls } from './auth.ts';
import { claimCalls } from './claims.ts';
import { contentCalls } from './content.ts';
import { contractCalls } from './contracts.ts';
import { familyCalls } from './family.ts';
import type { CallSpec } from './define-call.ts';
import { marketCalls } from './market.ts';
import { metaCalls } from './meta.ts';
import { otherCalls } from './other-calls.ts';
import { orderCalls } from './order.ts';
import { paymentCalls } from './payment.ts';
import { policyCalls } from './policy.ts';
import { productCalls } from './product-calls.ts';
import { promoterAreaCalls } from './promoter-area.ts';
import { promoterCalls } from './promoter.ts';
import { ratingCalls } from './ratings.ts';
import { complianceCalls, recordingCalls } from './recording.ts';
import { schoolCalls } from './school.ts';

/**
 * Every group of call declarations, for the server's coverage test and the
 * OpenAPI document. The web app imports the group it uses, never this index
 * (it would pull every schema into the bundle).
 */
export const callGroups = {
  meta: metaCalls,
  auth: authCalls,
  ratings: ratingCalls,
  other: otherCalls,
  accounts: accountCalls,
  identity: identityCalls,
  family: familyCalls,
  markets: marketCalls,
  schools: schoolCalls,
  content: contentCalls,
  product: productCalls,
  order: orderCalls,
  policy: policyCalls,
  payment: paymentCalls,
  promoter: promoterCalls,
  promoterArea: promoterAreaCalls,
  contracts: contractCalls,
  recording: recordingCalls,
  compliance: complianceCalls,
  claims: claimCalls,
} as const satisfies Record<string, Record<string, CallSpec>>;

/** Every declared call with its group and name (`ratings.stats`). */
export function allCalls(): { name: string; call: CallSpec }[] {
  return Object.entries(callGroups).flatMap(([group, calls]) =>
    Object.entries(calls as Record<string, CallSpec>).map(([name, call]) => ({ name: `${group}.${name}`, call })),
  );
}
