/**
 * The product's visual identity as data: which illustration (public/img/illustrations/)
 * a product's banner shows by default, chosen from its category levels, the
 * banners generated for the markets (public/img/markets/<id>.svg), and the letter-marks drawn for insurers without a licensed
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
export const illustrationUrl = (name: CategoryIllustration): string => `${ILLUSTRATIONS}/${name}.svg`;

/** A product's banner image: the manifest's `detail.banner.image` when it sets one, else its category's illustration. */
export function bannerImageOf(manifest: { category: CategoryLevels; detail: { banner: { image?: string } } }): string {
  return manifest.detail.banner.image ?? illustrationUrl(categoryIllustration(manifest.category));
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Folder (under public/) of the generated market banners. */
export const MARKET_BANNERS = '/img/markets';

/** The path of a market's generated banner. */
export const marketBannerUrl = (id: string): string => `${MARKET_BANNERS}/${id}.svg`;

/** A market's banner image: the market's `bannerImage` when it sets one, else its generated banner. */
export function marketBannerOf(market: { id: string; bannerImage?: string }): string {
  return market.bannerImage ?? marketBannerUrl(market.id);
}

/** The kinds of market, each with its own scene: a province's hills and river, a city's skyline, a county's fields and houses. */
export type MarketScene = 'province' | 'city' | 'county';

/** The province-level municipalities, drawn as cities. */
const MUNICIPALITIES: ReadonlySet<string> = new Set(['110000', '120000', '310000', '500000']);

/** The scene of a market from its first area's code: province (xx0000), city (xxxx00 or a municipality) or county. */
export function marketScene(areas: readonly string[]): MarketScene {
  const code = areas[0] ?? '';
  if (MUNICIPALITIES.has(code)) return 'city';
  if (code.endsWith('0000')) return 'province';
  return code.endsWith('00') ? 'city' : 'county';
}

/** A place's name as people say it: 徐州市 → 徐州, 宁夏回族自治区 → 宁夏, 兰山区 → 兰山 (a one-character stem keeps its suffix: 泸县). */
export function shortPlaceName(name: string): string {
  const stem = name.replace(/(?:壮族|回族|维吾尔)?自治区$|特别行政区$|省$|市$|区$|县$/, '');
  return [...stem].length >= 2 ? stem : name;
}

/**
 * Accent colours of the generated banners (white text reads on each): a
 * market gets one by its id, so two markets side by side rarely share one.
 */
const MARKET_ACCENTS = ['#ff7a59', '#e8505b', '#12a37f', '#8e5bd8', '#d9467a', '#f07c1e', '#0f9fb5', '#3f7d20'] as const;

/** A market's accent colour, stable for its id. */
export function marketAccent(id: string): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return MARKET_ACCENTS[hash % MARKET_ACCENTS.length]!;
}

/** The background of each scene, in the illustrations' palette (white shapes on the hero's blue). */
const SCENES: Record<MarketScene, string> = {
  province: [
    '<path d="M8 148l44-62 26 30 34-52 52 84z" fill="#fff" fill-opacity=".5"/>',
    '<path d="M112 64l9 14-6-2-4 4-4-4-5 2z" fill="#fff" fill-opacity=".9"/>',
    '<path d="M150 148l40-50 42 50z" fill="#fff" fill-opacity=".42"/>',
    '<path d="M14 140c30-8 52 4 80-2s40-10 62-4" fill="none" stroke="#bfe0ff" stroke-width="6" stroke-linecap="round"/>',
  ].join(''),
  city: [
    '<rect x="30" y="86" width="26" height="62" rx="3" fill="#fff" fill-opacity=".55"/>',
    '<rect x="60" y="58" width="30" height="90" rx="3" fill="#fff" fill-opacity=".7"/>',
    '<rect x="192" y="74" width="34" height="74" rx="3" fill="#fff" fill-opacity=".55"/>',
    '<path d="M68 72h6M80 72h6M68 86h6M80 86h6M68 100h6M80 100h6M68 114h6M80 114h6M200 88h6M212 88h6M200 102h6M212 102h6" stroke="#24324f" stroke-opacity=".3" stroke-width="4"/>',
  ].join(''),
  county: [
    '<path d="M0 148c30-30 70-34 110-20s80 8 130-10v30z" fill="#fff" fill-opacity=".42"/>',
    '<path d="M30 148v-26l16-12 16 12v26z" fill="#fff" fill-opacity=".8"/><path d="M26 124l20-16 20 16" fill="none" stroke="#24324f" stroke-opacity=".35" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>',
    '<path d="M204 148v-22l12-9 12 9v22z" fill="#fff" fill-opacity=".8"/>',
    '<path d="M80 148v-16M192 148v-14" stroke="#24324f" stroke-opacity=".35" stroke-width="3"/><circle cx="80" cy="124" r="10" fill="#fff" fill-opacity=".65"/><circle cx="192" cy="126" r="9" fill="#fff" fill-opacity=".65"/>',
  ].join(''),
};

/**
 * A market's default banner as an SVG file (public/img/markets/<id>.svg,
 * written by `npm run manifests:types`): the scene of its kind of market
 * behind a school with, on its sign, the place's name, roof and flag in the
 * market's accent colour, and the shield of the illustrations. Drawn at
 * 240×160 units for a 150×100 box, so it stays sharp on 2× and 3× screens.
 */
export function marketBannerSvg(market: { id: string; scene: MarketScene; place: string }): string {
  const accent = marketAccent(market.id);
  const chars = [...market.place].length;
  const size = chars <= 2 ? 14 : chars === 3 ? 12 : 10;
  const sign = chars * size + 12;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 160" width="240" height="160" role="img" aria-label="${escapeXml(market.place)}保险超市">`,
    '<circle cx="140" cy="84" r="70" fill="#fff" fill-opacity=".16"/><circle cx="140" cy="84" r="48" fill="#fff" fill-opacity=".14"/>',
    '<ellipse cx="132" cy="148" rx="90" ry="7" fill="#24324f" fill-opacity=".16"/>',
    SCENES[market.scene],
    '<path d="M104 148V96l40-26 40 26v52z" fill="#fff4e0"/>',
    `<path d="M98 98l46-31 46 31" fill="none" stroke="${accent}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
    '<rect x="134" y="118" width="20" height="30" rx="3" fill="#ffc53d"/>',
    '<rect x="112" y="108" width="14" height="12" rx="2" fill="#4f8bff"/><rect x="162" y="108" width="14" height="12" rx="2" fill="#4f8bff"/>',
    `<rect x="${144 - sign / 2}" y="86" width="${sign}" height="18" rx="4" fill="${accent}"/>`,
    `<text x="144" y="${95 + size * 0.36}" font-size="${size}" font-weight="700" text-anchor="middle" fill="#fff" font-family="'PingFang SC','Hiragino Sans GB','Noto Sans CJK SC','Source Han Sans SC','Microsoft YaHei',sans-serif">${escapeXml(market.place)}</text>`,
    `<path d="M144 67V48" stroke="#24324f" stroke-width="2.5"/><path d="M144 48h16l-3 6 3 6h-16z" fill="${accent}"/>`,
    '<path d="M44 22l18 6v14c0 13-8 21-18 25-10-4-18-12-18-25V28z" fill="#fff"/>',
    `<path d="M36 44l6 6 11-12" fill="none" stroke="${accent}" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>`,
    '<path d="M206 30l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#ffc53d"/>',
    '</svg>',
    '',
  ].join('\n');
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
