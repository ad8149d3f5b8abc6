/**
 * docs/adding-a-product.md's 关爱宝 example: the guardian product priced by the ward's age band
 * (`wardAge`), ¥40 for a ward of 0-6周岁 and ¥30 for 7-17周岁, on the plan GAB-A.
 */
import { readFileSync } from 'node:fs';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';

export function wardAgeManifest(): ProductManifest {
  const base = JSON.parse(readFileSync(new URL('../../manifests/guanaibao-guardian.json', import.meta.url), 'utf8')) as ProductManifest;
  return {
    ...base,
    plans: base.plans.map((plan) => ({ ...plan, premium: 30 })) as ProductManifest['plans'],
    pricing: {
      ...base.pricing,
      factors: [
        {
          code: 'wardAgeBand',
          name: '监护对象年龄',
          default: '7-17',
          wardAge: true,
          options: [
            { value: '0-6', label: '0-6周岁', multiplier: 1, ageBetween: [0, 6] },
            { value: '7-17', label: '7-17周岁', multiplier: 1, ageBetween: [7, 17] },
          ],
        },
      ],
      table: [
        { plan: 'GAB-A', when: { wardAgeBand: '0-6' }, premiumFen: 4000 },
        { plan: 'GAB-A', when: { wardAgeBand: '7-17' }, premiumFen: 3000 },
      ],
    },
  };
}
