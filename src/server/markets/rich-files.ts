/**
 * The rich-text documents of edu-svc wxb/_bai/selectFile and selectFileById:
 * the insurance-service and claim-service profiles (/insureSvcProfile,
 * /claimSvcProfile), one profile per insurer of the catalogue
 * (/insureCompanies, built from the manifests' insurers), and the market
 * notice. HTML from our own text, escaped where it carries manifest data; the
 * web sanitises it again with DOMPurify before showing it.
 */
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import type { FileSummary, RichFile } from '../../contract/market.ts';
import { escapeHtml } from '../lib/escape-html.ts';


const INSURE_SERVICE = `<h2>投保服务</h2>
<p>本平台由持牌保险经纪公司运营，为学生、幼儿及其家长提供学平险、监护人责任险、少儿医疗、意外及重疾等产品的在线投保服务。保险责任由承保保险公司承担。</p>
<h3>服务内容</h3>
<ul>
<li>产品咨询：按您所在地区的保险超市展示可投保产品，说明保障范围、保费与投保规则。</li>
<li>在线投保：选择方案、填写投保人与被保险人信息、确认后在线支付，全程无需纸质材料。</li>
<li>电子保单：支付成功后由保险公司出具电子保单，可在“我的保单”中随时查看。</li>
<li>续保提醒：保障到期前提供续保入口，续保信息自动带出。</li>
</ul>
<h3>投保须知</h3>
<ol>
<li>请如实填写被保险人身份证件号码、学校与年级信息，信息不实可能影响理赔。</li>
<li>同一被保险人在保障期间内不可重复投保同一产品。</li>
<li>部分地区产品需在当地教育缴费系统中完成缴费，请按页面提示操作。</li>
<li>保单生效前可申请撤销投保，保费原路退回。</li>
</ol>
<h3>服务时间</h3>
<p>在线投保 7×24 小时开放；人工咨询为工作日 9:00-17:30，节假日顺延。</p>`;

const CLAIM_SERVICE = `<h2>理赔服务</h2>
<p>出险后请第一时间报案，我们将协助您联系承保保险公司，指导材料准备并跟进理赔进度。</p>
<h3>理赔流程</h3>
<ol>
<li><strong>报案</strong>：出险后 48 小时内拨打保单上承保保险公司的客服电话，或联系所在地区保险超市的服务中心报案。</li>
<li><strong>准备材料</strong>：按保险公司要求准备理赔申请书、被保险人身份证明、病历、发票及费用清单、诊断证明；意外事故需提供事故经过说明。</li>
<li><strong>提交材料</strong>：通过保险公司线上理赔渠道上传，或交至当地服务网点。</li>
<li><strong>审核与赔付</strong>：材料齐全后，保险公司一般在 10 个工作日内作出核定，达成协议后 10 日内支付赔款。</li>
</ol>
<h3>常见材料</h3>
<ul>
<li>门急诊：病历、发票原件、费用明细。</li>
<li>住院：入院记录、出院小结、发票原件、费用总清单。</li>
<li>监护人责任：事故证明、第三者损失凭证、赔偿协议或判决书。</li>
</ul>
<h3>温馨提示</h3>
<p>小额理赔（5000 元以下）多数保险公司支持线上快赔；请保留好原始单据，直至理赔完成。</p>`;

const MARKET_NOTICE = `<h2>保险超市说明</h2>
<p>保险超市按地区汇集当地教育主管部门指导或备案的学平险及全国可投保的少儿保障产品。我们根据您的位置为您打开所在地区的保险超市；无法获取位置时默认展示重庆保险超市，您也可以随时切换。</p>
<p>超市下线后，其产品不再销售，已购保单不受影响，可在“我的保单”中查看。</p>`;

/** Short ids for the insurer groups of the catalogue; unknown groups get insurer-N. */
const INSURER_SLUGS: Record<string, string> = {
  中国人民财产保险股份有限公司: 'picc',
  中国人寿财产保险股份有限公司: 'chinalife-pc',
  中国平安财产保险股份有限公司: 'pingan',
  中国太平洋财产保险股份有限公司: 'cpic',
  阳光财产保险股份有限公司: 'sunshine',
  华泰财产保险有限公司: 'huatai-pc',
  华泰人寿保险股份有限公司: 'huatai-life',
  中华联合财产保险股份有限公司: 'cic',
  永安财产保险股份有限公司: 'yongan',
  紫金财产保险股份有限公司: 'zijin',
  中国大地财产保险股份有限公司: 'dadi',
  众安在线财产保险股份有限公司: 'zhongan',
  复星联合健康保险股份有限公司: 'fosun-united',
  中原农业保险股份有限公司: 'zhongyuan-agri',
};

/** '中国人民财产保险股份有限公司徐州市分公司' → '中国人民财产保险股份有限公司' (the group, without the branch). */
export function insurerGroup(name: string): string {
  const end = name.indexOf('公司');
  return end < 0 ? name : name.slice(0, end + 2);
}

export interface InsurerProfile {
  id: string;
  name: string;
  /** Product codes the insurer underwrites (lead or co-insurer). */
  productCodes: string[];
  productNames: string[];
  branches: string[];
}

/** One profile per insurer group of the catalogue, from the manifests' insurers. */
export function insurerProfiles(manifests: readonly ProductManifest[]): InsurerProfile[] {
  const groups = new Map<string, InsurerProfile>();
  for (const m of manifests) {
    for (const insurer of m.insurers) {
      const name = insurerGroup(insurer.name);
      let profile = groups.get(name);
      if (!profile) {
        profile = { id: '', name, productCodes: [], productNames: [], branches: [] };
        groups.set(name, profile);
      }
      if (!profile.productCodes.includes(m.productCode)) {
        profile.productCodes.push(m.productCode);
        profile.productNames.push(m.productName);
      }
      if (insurer.name !== name && !profile.branches.includes(insurer.name)) profile.branches.push(insurer.name);
    }
  }
  const sorted = [...groups.values()].sort((a, b) => b.productCodes.length - a.productCodes.length || a.name.localeCompare(b.name, 'zh'));
  sorted.forEach((p, i) => {
    p.id = `insurer-${INSURER_SLUGS[p.name] ?? String(i + 1)}`;
  });
  return sorted;
}

function insurerHtml(p: InsurerProfile): string {
  const products = p.productNames.map((n) => `<li>${escapeHtml(n)}</li>`).join('');
  const branches = p.branches.length > 0 ? `<h3>承保机构</h3><ul>${p.branches.map((b) => `<li>${escapeHtml(b)}</li>`).join('')}</ul>` : '';
  return `<h2>${escapeHtml(p.name)}</h2>
<p>${escapeHtml(p.name)}是经国家金融监督管理总局批准设立的保险公司，在本平台承保以下学生及少儿保障产品，保险责任由其承担，理赔由其受理。</p>
<h3>在售及承保产品</h3><ul>${products}</ul>${branches}
<p>报案与理赔请拨打保单载明的该公司全国客服电话，或联系所在地区保险超市服务中心协助办理。</p>`;
}

/** Every document, built once from the manifests. */
export function buildRichFiles(manifests: readonly ProductManifest[]): { list: FileSummary[]; byId: Map<string, RichFile> } {
  const files: RichFile[] = [
    { id: 'insure-service', title: '投保服务介绍', type: 'insureSvc', summary: '在线投保、电子保单与续保服务说明', html: INSURE_SERVICE },
    { id: 'claim-service', title: '理赔服务指南', type: 'claimSvc', summary: '报案、材料、审核与赔付流程', html: CLAIM_SERVICE },
    { id: 'market-notice', title: '保险超市说明', type: 'notice', summary: '按地区展示的保险超市如何选择', html: MARKET_NOTICE },
    ...insurerProfiles(manifests).map((p): RichFile => ({
      id: p.id,
      title: p.name,
      type: 'insurer',
      summary: `承保 ${p.productCodes.length} 款产品`,
      html: insurerHtml(p),
    })),
  ];
  return {
    list: files.map(({ html: _html, ...summary }) => summary),
    byId: new Map(files.map((f) => [f.id, f] as const)),
  };
}
