import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import type { computePremium } from '../../src/engine/pricing/premium.ts';
import { yuanText } from '../../src/engine/pricing/money.ts';

/** Every combination of the factors' options, as factor code → value. */
function factorChoices(manifest: ProductManifest): Record<string, string>[] {
  return manifest.pricing.factors.reduce<Record<string, string>[]>(
    (rows, factor) => rows.flatMap((row) => factor.options.map((o) => ({ ...row, [factor.code]: o.value }))),
    [{}],
  );
}

/**
 * The premium table of a product: one line per plan × factor choice × copies
 * × guarantee years, with the premium `compute` gives (the server's
 * computePremium) or its refusal.
 */
export function quoteTable(manifest: ProductManifest, compute: typeof computePremium): string[] {
  const label = (factors: Record<string, string>) =>
    manifest.pricing.factors
      .map((f) => {
        const option = f.options.find((o) => o.value === factors[f.code]);
        // With a price table the cell is the price: the multipliers play no part.
        return manifest.pricing.table ? `${f.name} ${option?.label ?? factors[f.code]}` : `${f.name} ${option?.label ?? factors[f.code]} ×${option?.multiplier ?? '?'}`;
      })
      .join(', ') || '—';
  const lines = [
    `${manifest.productName} (${manifest.productCode})${manifest.pricing.table ? ': priced by its table' : ''}`,
    ['plan (premium of one copy)', manifest.pricing.table ? 'factors' : 'factors (×multiplier)', 'copies', 'years', 'premium (yuan)'].join('\t'),
  ];
  const copies = Array.from({ length: manifest.pricing.maxCopies }, (_, i) => i + 1);
  for (const plan of manifest.plans) {
    for (const factors of factorChoices(manifest)) {
      for (const n of copies) {
        for (const years of manifest.pricing.guaranteeYears ?? [1]) {
          const result = compute(manifest, { planCode: plan.code, copies: n, factors, years });
          lines.push([`${plan.code} ${plan.name} ${plan.premium}`, label(factors), n, years, result.ok ? yuanText(result.totalPremium) : `refused: ${result.message}`].join('\t'));
        }
      }
    }
  }
  return lines;
}
