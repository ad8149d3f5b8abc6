// @vitest-environment happy-dom
/**
 * Text people typed, as the screens show it: a name holding `<script>` and an
 * RTL override (stored before names refused such characters, or a class or
 * address, which may carry them) is shown as literal text, never markup, in
 * its own <bdi>, so the override cannot reorder the label or the text beside it.
 */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PromoterCustomer } from '../../../src/contract/promoter-area.ts';
import { InfoRows } from '../../../src/web/shared/ui/layout/info-rows.tsx';
import { CustomerCard } from '../../../src/web/features/promoters/components/customer-card.tsx';
import { UserText } from '../../../src/web/shared/ui/user-text.tsx';
import { declareReactActEnvironment, guardConsoleError } from './harness.tsx';

declareReactActEnvironment();

const RLO = '\u202e';
const HOSTILE = `<script>alert(1)</script>${RLO}王小明`;
const CLASS = `三年级${RLO}二班<img src=x onerror=alert(1)>`;

/** The element's isolated parts: each <bdi> with its text, and the text outside any <bdi>. */
function isolation(root: Element) {
  const bdis = [...root.querySelectorAll('bdi')].map((b) => b.textContent);
  const clone = root.cloneNode(true) as Element;
  clone.querySelectorAll('bdi').forEach((b) => b.replaceWith('|'));
  return { bdis, outside: clone.textContent };
}

describe('hostile text on screen', () => {
  let guard: ReturnType<typeof guardConsoleError>;
  afterEach(() => guard.check());

  it('the label/value rows (policy list and detail, insured info) show it as text, each value in its own <bdi>', () => {
    guard = guardConsoleError();
    const { container } = render(
      <InfoRows
        rows={[
          { label: '姓名', value: HOSTILE },
          { label: '班级', value: CLASS },
          {
            label: '被保险人',
            value: (
              <>
                <UserText>{HOSTILE}</UserText> 320***********5678
              </>
            ),
          },
        ]}
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    const rows = [...container.querySelectorAll('dl > div')];
    expect(rows.map((row) => row.querySelector('dt')!.textContent)).toEqual(['姓名', '班级', '被保险人']);
    // The label is outside the value's isolation; the name is isolated from the ID number beside it.
    expect(isolation(rows[0]!.querySelector('dd')!)).toEqual({ bdis: [HOSTILE], outside: '|' });
    expect(isolation(rows[1]!.querySelector('dd')!)).toEqual({ bdis: [CLASS], outside: '|' });
    const insured = rows[2]!.querySelector('dd > bdi')!;
    expect(insured.querySelector(':scope > bdi')!.textContent).toBe(HOSTILE);
    expect(insured.textContent).toBe(`${HOSTILE} 320***********5678`);
    expect(isolation(insured).outside).toBe('| 320***********5678');
  });

  it("a promoter's customer card shows the name as text in its own <bdi>, the avatar without the override", () => {
    guard = guardConsoleError();
    const customer: PromoterCustomer = { customerId: 'C1', name: `${RLO}<u>王</u>*`, phone: '138****0007', since: '2026-01-01', source: 'order', policyCount: 1, liveCount: 1, lastOrderAt: null };
    const { container } = render(<CustomerCard customer={customer} />);
    expect(container.querySelector('u')).toBeNull();
    const bdi = container.querySelector('bdi')!;
    expect(bdi.textContent).toBe(customer.name);
    expect(bdi.parentElement!.textContent).toBe(customer.name);
    expect(container.querySelector('[aria-hidden="true"]')!.textContent).toBe('<');
  });
});
