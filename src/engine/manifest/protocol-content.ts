/**
 * The full text of a product's notice (投保须知) and clauses (保险条款) as
 * served: the manifest's own paragraphs (the product's particular terms)
 * followed by the sections every such document carries, written from the
 * manifest's data — who may be insured and by whom, the cover period, the
 * duties and amounts of each plan, the exclusions of the product's kind, how
 * to claim, cancellation and personal data. A parent reads a complete
 * document, and an author writes only what is particular to the product.
 */
import { ageText } from '../insure/age-text.ts';
import { categoryIllustration } from './visual-identity.ts';
import type { ProductManifest, Protocol } from './manifest-types.generated.ts';

const NUMERALS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** 1 → 一, 12 → 十二, 20 → 二十 (articles and sections of a document stay below 100). */
export function chineseNumber(n: number): string {
  if (n <= 10) return NUMERALS[n]!;
  const tens = Math.floor(n / 10);
  const units = n % 10;
  return `${tens === 1 ? '' : NUMERALS[tens]}十${units === 0 ? '' : NUMERALS[units]}`;
}

/** The hotline in an online-service line (`中国人寿财险客服 95519` → `95519`), else the whole line. */
const hotlineOf = (onlineService = '承保保险公司的客服电话'): string => /[0-9][0-9-]{3,}/.exec(onlineService)?.[0] ?? onlineService;

/** When cover begins, as the notice states it: after the order or the payment, or on the day the holder picks. */
function startText(cover: ProductManifest['cover']): string {
  if (cover.pickedStart) return '投保人选定的起保日零时';
  const from = cover.startFrom === 'paymentDay' ? '支付成功后' : '投保成功后';
  return cover.startOffsetDays <= 1 ? `${from}次日零时` : `${from}第${cover.startOffsetDays}日零时`;
}

/** Exclusions by the kind of product (the category's illustration names the kind). */
function exclusions(manifest: ProductManifest): string[] {
  const common = ['投保人对被保险人的故意杀害、故意伤害', '战争、军事冲突、暴乱或武装叛乱', '核爆炸、核辐射或核污染'];
  switch (categoryIllustration(manifest.category)) {
    case 'guardian':
      return ['被监护人的故意行为，或被保险人与被监护人恶意串通造成的损失', '被保险人及其家庭成员、被监护人本人的人身伤亡和财产损失', '罚款、罚金及惩罚性赔款', ...common.slice(1)];
    case 'medical':
    case 'serious-illness':
      return [...common, '被保险人在投保前已患有且未如实告知的疾病（既往症）及其并发症', '遗传性疾病、先天性畸形、变形或染色体异常（条款另有约定的除外）', '被保险人醉酒、吸食或注射毒品', '美容、整形、矫形及非意外所致的牙齿治疗'];
    default:
      return [...common, '被保险人故意自伤、自杀（但被保险人自杀时为无民事行为能力人的除外）', '被保险人殴斗、醉酒，主动吸食或注射毒品', '被保险人酒后驾驶、无合法有效驾驶证驾驶，或驾驶无有效行驶证的机动车', '被保险人从事潜水、跳伞、攀岩、蹦极、赛车等高风险运动'];
  }
}

function duties(manifest: ProductManifest): string {
  return manifest.plans
    .map((plan) => {
      const list = plan.risks.flatMap((risk) => risk.duties).map((d) => `${d.limitName}${d.showValue}`);
      return `${plan.name}：${list.join('；')}。`;
    })
    .join('\n');
}

/** The sections a notice (notificationType 2, 投保须知) gains after the manifest's own text. */
function noticeSections(manifest: ProductManifest): string[] {
  const { detail, cover, insure } = manifest;
  const [holderFrom, holderTo] = insure.holder.ageBetween ?? [18, 75];
  const hotline = hotlineOf(detail.onlineService);
  const sections: [string, string][] = [
    ['本产品特别提示', ''],
    ['投保范围', `保障对象：${detail.securityObject}。投保年龄：${ageText(manifest)}。投保人须为被保险人本人，或被保险人的父母等对其具有保险利益的人，投保时年满${holderFrom}周岁且不超过${holderTo}周岁。销售区域：${detail.salesArea}。`],
    ['保险期间', `${detail.insurancePeriod}。保险责任自${startText(cover)}开始，以电子保单载明的起止时间为准；未支付保险费的，保险合同不生效。`],
    ['如实告知', '请如实填写投保人、被保险人的姓名、证件号码、学校及健康状况等信息。投保人故意或因重大过失未履行如实告知义务，足以影响保险公司决定是否同意承保或者提高保险费率的，保险公司有权解除合同，并对合同解除前发生的保险事故不承担赔偿或者给付保险金的责任。'],
    ['退保说明', `保险责任开始前申请退保的，全额退还已交保险费；保险责任开始后申请退保的，保险公司扣除已经过期间对应的保险费后，退还未满期净保险费；保险期间内已发生保险金赔付的，不再办理退保。退保可在“我的保单”中申请，或拨打${hotline}办理。`],
    ['理赔服务', `发生保险事故后，请在48小时内拨打${detail.onlineService ?? hotline}报案，并保留病历、诊断证明、医疗费用发票及费用清单等资料；资料齐全后，保险公司在约定期限内完成审核并将保险金支付至投保人或被保险人本人的银行账户。`],
    ['个人信息保护', '您填写的个人信息仅用于投保、核保、理赔、续保提醒及客户服务。保险经纪公司与承保保险公司依照《中华人民共和国个人信息保护法》对证件号码、手机号等信息加密保存、脱敏展示，不向与本保险无关的第三方提供。'],
  ];
  return sections.map(([title, text], i) => (i === 0 ? `${chineseNumber(1)}、${title}` : `${chineseNumber(i + 1)}、${title}\n${text}`));
}

/** The articles a clause document (notificationType 3) gains after the manifest's own articles. */
function clauseArticles(manifest: ProductManifest, from: number): string[] {
  const hotline = hotlineOf(manifest.detail.onlineService);
  const articles: [string, string][] = [
    ['保险金额', `本合同的保险责任及保险金额以投保时选择的保障方案为准，并在电子保单中载明：\n${duties(manifest)}`],
    ['责任免除', `因下列原因造成的损失或费用，保险人不承担赔偿或给付保险金的责任：${exclusions(manifest).map((text, i) => `（${chineseNumber(i + 1)}）${text}`).join('；')}。`],
    ['保险金申请', `保险事故发生后，投保人、被保险人或受益人应及时通知保险人（报案电话${hotline}），并提供保险单号、申请人身份证明、医疗机构出具的病历及诊断证明、医疗费用原始发票及费用清单，以及与确认保险事故性质、原因、损失程度有关的其他证明和资料。保险人收到完整资料后，对属于保险责任的，在与申请人达成协议后十日内履行赔付义务。`],
    ['合同解除', '本合同成立后，投保人可以书面形式或通过投保平台申请解除本合同。保险责任开始前解除的，保险人退还全部保险费；保险责任开始后解除的，保险人退还未满期净保险费。'],
    ['争议处理', '因履行本合同发生的争议，由当事人协商解决；协商不成的，提交保险单载明的仲裁机构仲裁；保险单未载明仲裁机构且争议发生后未达成仲裁协议的，依法向中华人民共和国人民法院起诉。'],
  ];
  return articles.map(([title, text], i) => `第${chineseNumber(from + i)}条（${title}） ${text}`);
}

const ARTICLE = /第[一二三四五六七八九十]+条/g;

/** A main clause document: notice group 3, the clauses kind or a title ending in 条款, a rider (附加…) excepted. */
const isMainClause = (protocol: Protocol) =>
  (protocol.notificationType === 3 || protocol.valueMark === 'insuranceClauses' || protocol.name.endsWith('条款')) && !protocol.name.startsWith('附加');

/** One protocol as served: a notice (notice group 2) or a main clause document completed, any other as written. */
export function completeProtocol(manifest: ProductManifest, protocol: Protocol): Protocol {
  if (protocol.notificationType === 2) {
    const [first, ...rest] = noticeSections(manifest);
    return { ...protocol, content: [first, protocol.content.trim(), ...rest].join('\n\n') };
  }
  if (isMainClause(protocol)) {
    const written = protocol.content.match(ARTICLE)?.length ?? 0;
    // A text without articles is the cover itself: it becomes the first article.
    const own = written === 0 ? `第一条（保险责任） ${protocol.content.trim()}` : protocol.content.trim();
    return { ...protocol, content: [own, ...clauseArticles(manifest, Math.max(written, 1) + 1)].join('\n\n') };
  }
  return protocol;
}

/** Every protocol of the manifest as served ({@link completeProtocol}). */
export function completeProtocols(manifest: ProductManifest): ProductManifest['protocols'] {
  return manifest.protocols.map((p) => completeProtocol(manifest, p)) as ProductManifest['protocols'];
}
