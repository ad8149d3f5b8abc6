import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  APPLICATION_STATUSES,
  DELETABLE_STATUSES,
  E_POLICY_STATUSES,
  REVERSED_STATUSES,
  REWARDED_STATUSES,
  VALID_STATUSES,
  isFinal,
  ISSUED_STATUSES,
  LIVE_STATUSES,
  PAID_STATUSES,
  POLICY_TRANSITIONS,
  RATEABLE_STATUSES,
  RENEWABLE_STATUSES,
  sourcesOf,
  transition,
  type PolicyEvent,
} from '../../../src/contract/policy-lifecycle.ts';
import { POLICY_STATUSES } from '../../../src/contract/policy-status.ts';
import type { StatusCounts } from '../../../src/contract/policy.ts';
import { paths, ROUTES } from '../../../src/web/app/paths.ts';
import { draftFormOf } from '../../../src/web/features/insure/screens/insure/draft-form.ts';
import { formatRemaining, statusOfRoute } from '../../../src/web/features/policies/screens/policy-detail/policy-detail-model.ts';
import { tabsOf } from '../../../src/web/features/policies/screens/policy-list/policy-tabs.ts';

describe('the lifecycle table', () => {
  it('allows exactly the listed transitions and refuses the rest in Chinese', () => {
    expect(transition('toBePaid', 'pay')).toEqual({ ok: true, from: 'toBePaid', to: 'waitIssue' });
    expect(transition('guarantee', 'expire')).toEqual({ ok: true, from: 'guarantee', to: 'policyOverdue' });
    expect(transition('cancel', 'pay')).toEqual({ ok: false, message: '保单状态为「已取消」，不能支付' });
    expect(transition('toBePaid', 'surrender')).toEqual({ ok: false, message: '保单状态为「待支付」，不能退保' });
    expect(transition('waitIssue', 'cancel')).toEqual({ ok: false, message: '保单状态为「待出单」，不能取消订单' });
    expect(sourcesOf('surrender').sort()).toEqual(['guarantee', 'waitInsurance']);
    expect(POLICY_STATUSES.filter(isFinal).sort()).toEqual(['cancel', 'issueFail', 'paymentTimeout', 'policyOverdue', 'surrender']);
  });

  it('reaches every status from toBePaid, and each event leads to a single status', () => {
    const seen = new Set(['toBePaid']);
    let frontier = ['toBePaid'];
    while (frontier.length) {
      frontier = frontier.flatMap((s) => Object.values(POLICY_TRANSITIONS[s as keyof typeof POLICY_TRANSITIONS])).filter((s) => !seen.has(s));
      frontier.forEach((s) => seen.add(s));
    }
    expect([...seen].sort()).toEqual([...POLICY_STATUSES].sort());
    const events = new Set(POLICY_STATUSES.flatMap(allowedEvents));
    for (const event of events) {
      const targets = new Set(sourcesOf(event as PolicyEvent).map((from) => POLICY_TRANSITIONS[from][event as PolicyEvent]));
      expect(targets.size, event).toBe(1);
    }
  });

  it('derives the status groups from the table', () => {
    // Written out here on purpose: a change of the table that moves a group must be seen in review.
    const sorted = (list: readonly string[]) => [...list].sort();
    expect(sorted(PAID_STATUSES)).toEqual(['guarantee', 'issueFail', 'policyOverdue', 'surrender', 'waitInsurance', 'waitIssue']);
    // An order can be rated once paid, whatever became of it afterwards (docs/ratings.md).
    expect(sorted(RATEABLE_STATUSES)).toEqual(['guarantee', 'issueFail', 'policyOverdue', 'surrender', 'waitInsurance', 'waitIssue']);
    expect(sorted(LIVE_STATUSES)).toEqual(['guarantee', 'toBePaid', 'waitInsurance', 'waitIssue']);
    expect(sorted(ISSUED_STATUSES)).toEqual(['guarantee', 'policyOverdue', 'surrender', 'waitInsurance']);
    expect(sorted(RENEWABLE_STATUSES)).toEqual(['guarantee', 'policyOverdue', 'waitInsurance']);
    expect(sorted(APPLICATION_STATUSES)).toEqual(['cancel', 'issueFail', 'paymentTimeout', 'toBePaid', 'waitIssue']);
    expect(sorted(DELETABLE_STATUSES)).toEqual(['cancel', 'paymentTimeout']);
    expect(sorted(VALID_STATUSES)).toEqual(['guarantee', 'waitInsurance']);
    expect(sorted(REVERSED_STATUSES)).toEqual(['issueFail', 'surrender']);
    expect(sorted(E_POLICY_STATUSES)).toEqual(['guarantee', 'policyOverdue', 'waitInsurance']);
    expect(sorted(REWARDED_STATUSES)).toEqual(['guarantee', 'policyOverdue']);
  });
});

describe('policy pages', () => {
  it('links each status to its own detail route of spec §2', () => {
    expect(paths.policyDetail('toBePaid', 'AF1')).toBe('/policyDetailTobePaid?applicationFormCode=AF1');
    expect(paths.policyDetail('cancel', 'AF1')).toBe('/PolicyDetailCancel?applicationFormCode=AF1');
    for (const status of POLICY_STATUSES) {
      const route = paths.policyDetail(status, 'X').split('?')[0]!;
      expect(statusOfRoute(route)).toBe(status);
    }
    expect(statusOfRoute(ROUTES.policyList)).toBeNull();
  });

  it('counts the tabs and adds a tab for another status only when it has applications', () => {
    expect(tabsOf(null).map((t) => t.title)).toEqual(['全部', '待支付', '待起保', '保障中']);
    const counts: StatusCounts = {
      total: 4,
      list: POLICY_STATUSES.map((status) => ({ status, statusName: '', num: { toBePaid: 1, guarantee: 2, surrender: 1 }[status as string] ?? 0 })),
    };
    expect(tabsOf(counts).map((t) => t.title)).toEqual(['全部(4)', '待支付(1)', '待起保', '保障中(2)', '已退保(1)']);
  });

  it('formats the time left to pay', () => {
    expect(formatRemaining(29 * 60 + 5)).toBe('29:05');
    expect(formatRemaining(3 * 3600 + 60)).toBe('3小时01分');
    expect(formatRemaining(7 * 86400)).toBe('7天0小时');
    expect(formatRemaining(-5)).toBe('00:00');
  });

  it('sends a draft with only the contract fields and no empty values', () => {
    expect(
      draftFormOf({ productCode: 'X', tempSerialNo: 'TF1', policyHolder: { name: '王芳', phone: '' }, insureds: [{ name: '王小雨', licenceNo: undefined }], wards: [] }),
    ).toEqual({ policyHolder: { name: '王芳' }, insureds: [{ name: '王小雨' }], wards: [] });
    expect(draftFormOf(null)).toEqual({ policyHolder: {}, insureds: [], wards: [] });
    // The health notice answered so far goes with it; none answered sends none.
    const answered = { productCode: 'X', policyHolder: {}, insureds: [], wards: [], healthAnswers: { hospitalised: 'N' } };
    expect(draftFormOf(answered)).toEqual({ policyHolder: {}, insureds: [], wards: [], healthAnswers: { hospitalised: 'N' } });
    expect(draftFormOf({ ...answered, healthAnswers: {} })).toEqual({ policyHolder: {}, insureds: [], wards: [] });
  });
});
