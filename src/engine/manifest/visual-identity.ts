/**
 * The product's visual identity as data: which illustration (public/img/illustrations/)
 * a product's banner shows by default, chosen from its category levels, the
 * market banner, and the letter-marks drawn for insurers without a licensed
 * logo (public/img/insurers/<code>.svg, written by `npm run manifests:types`).
 * Images are files served as assets, never code in the web bundle.
 */

/** Folder (under public/) of the hand-made illustrations. */
export const ILLUSTRATIONS = '/img/illustrations';

/** Folder (under public/) of the generated insurer letter-marks. */
export const INSURER_MARKS = '/img/insurers';

/** The illustrations drawn for the product categories. */
export type CategoryIllustration = 'student-accident' | 'guardian' | 'medical' | 'umbrella' | 'serious-illness';

interface CategoryLevels {
  productCategory1: string;
  productCategory2: string;
  productCategory3: string;
}

/**
 * Category level and value → illustration, most specific first: the first
 * row whose level holds the value wins. A product of another category shows
 * the student-accident illustration (the shop's main line).
 */
const BY_CATEGORY: readonly { level: keyof CategoryLevels; value: string; illustration: CategoryIllustration }[] = [
  { level: 'productCategory2', value: '重疾险', illustration: 'serious-illness' },
  { level: 'productCategory2', value: '综合意外险', illustration: 'umbrella' },
  { level: 'productCategory1', value: '健康险', illustration: 'medical' },
  { level: 'productCategory1', value: '责任险', illustration: 'guardian' },
  { level: 'productCategory1', value: '意外险', illustration: 'student-accident' },
];

/** The illustration of a product category. */
export function categoryIllustration(category: CategoryLevels): CategoryIllustration {
  return BY_CATEGORY.find((row) => category[row.level] === row.value)?.illustration ?? 'student-accident';
}

/** The path of a category's illustration. */
export const illustrationUrl = (name: CategoryIllustration | 'market'): string => `${ILLUSTRATIONS}/${name}.svg`;

/** A product's banner image: the manifest's `detail.banner.image` when it sets one, else its category's illustration. */
export function bannerImageOf(manifest: { category: CategoryLevels; detail: { banner: { image?: string } } }): string {
  return manifest.detail.banner.image ?? illustrationUrl(categoryIllustration(manifest.category));
}

/** A market's banner image: the market's `bannerImage` when it sets one, else the market illustration. */
export function marketBannerOf(market: { bannerImage?: string }): string {
  return market.bannerImage ?? illustrationUrl('market');
}

/** What an insurer's letter-mark is drawn from (a registry entry). */
export interface MarkSource {
  code: string;
  shortName: string;
  color: string;
  mark?: string;
}

/** The path of an insurer's letter-mark. */
export const insurerMarkUrl = (code: string): string => `${INSURER_MARKS}/${code}.svg`;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * An insurer's letter-mark as an SVG file: one or two characters (`mark`,
 * else the short name's first two) in white on the insurer's colour, in a
 * rounded square, drawn at 64 units so it stays sharp on 2× and 3× screens.
 */
export function insurerMarkSvg(entry: MarkSource): string {
  const text = entry.mark ?? [...entry.shortName].slice(0, 2).join('');
  const size = [...text].length === 1 ? 32 : 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escapeXml(entry.shortName)}">`,
    `<rect width="64" height="64" rx="16" fill="${entry.color}"/>`,
    `<rect x="4" y="4" width="56" height="56" rx="12" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>`,
    `<text x="32" y="${32 + size * 0.36}" font-size="${size}" font-weight="700" text-anchor="middle" fill="#fff" font-family="'PingFang SC','Hiragino Sans GB','Noto Sans CJK SC','Source Han Sans SC','Microsoft YaHei',sans-serif" letter-spacing="1">${escapeXml(text)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
