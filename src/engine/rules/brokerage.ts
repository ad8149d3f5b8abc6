/**
 * The brokerage that runs the platform, as its licence names it: printed on
 * share posters, the seal of signed agreements, the information pages and
 * the agreements' paragraphs. Texts written by hand (content/pages,
 * manifests) are checked against it by tests/engine/brokerage-identity.test.ts.
 * A deployment for another brokerage sets BROKERAGE_NAME for what the server
 * prints, and rewrites those texts.
 */
export const BROKERAGE = {
  /** 公司名称, as on its licence. */
  name: '学平保险经纪有限公司',
  /** 经营保险经纪业务许可证编号. */
  licenceNo: '260931000000800',
  /** 客服热线. */
  hotline: '400-800-6660',
  /** When the hotline answers. */
  hotlineHours: '工作日 8:30-17:30',
  /** The platform's name and the SMS signature: 学平险. */
  platformName: '学平险',
} as const;
