import { AppPage } from '../../../../shared/ui/app-page.tsx';
import styles from './about-us-screen.module.css';

const SERVICES = [
  { title: '学平险与学生意外险', text: '按城市教育主管部门和保险公司的方案，为幼儿园、中小学、中职和高校学生提供意外伤害、意外医疗和住院保障。' },
  { title: '监护人责任与家庭保障', text: '监护人关爱保障、百万医疗、重大疾病和个人综合责任（雨伞险）等产品，覆盖孩子成长中的常见风险。' },
  { title: '投保、保全与理赔协助', text: '线上填写投保信息、在线支付、电子保单即时查询；出险后协助家长准备材料、对接保险公司理赔。' },
];

/** `/aboutUs` (no log-in): who runs the platform and what it does. */
export default function AboutUsScreen() {
  return (
    <AppPage title="关于我们">
      <article className={styles.page}>
        <header className={styles.hero}>
          <h1>学平险在线投保</h1>
          <p>专注学生与家庭保障的在线投保平台</p>
        </header>
        <section className={styles.card}>
          <h2>平台简介</h2>
          <p>
            “学平险在线投保”由依法取得保险经纪业务许可的保险经纪公司运营，面向学生家长和监护人，提供学生平安保险、学生意外险、监护人责任险、百万医疗险、重大疾病险等产品的在线咨询与投保服务。
          </p>
          <p>
            平台上的每一款产品均由具备相应资质的保险公司承保，保险责任以保险合同和条款为准。作为保险经纪人，我们基于投保人的利益，为家长比较方案、解读条款，并在理赔时提供协助，不向投保人额外收取服务费用。
          </p>
        </section>
        <section className={styles.card}>
          <h2>我们提供</h2>
          <ul className={styles.services}>
            {SERVICES.map((s) => (
              <li key={s.title}>
                <strong>{s.title}</strong>
                <span>{s.text}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.card}>
          <h2>信息安全</h2>
          <p>
            我们仅为投保、核保、保全和理赔的需要收集必要的个人信息。姓名、身份证号、手机号在页面和日志中均脱敏显示，传输全程加密；密码以不可逆方式加密存储，任何工作人员都无法查看。
          </p>
        </section>
        <section className={styles.card}>
          <h2>联系与投诉</h2>
          <p>保单和理赔问题，可拨打产品详情页“在线客服”所列承保保险公司的全国客服电话，或在“个人中心 → 常见问题”中查看办理方式。</p>
          <p>如对服务不满意，可向保险公司或我们反映；也可拨打国家金融监督管理总局消费者投诉热线 12378 维护您的合法权益。</p>
        </section>
        <p className={styles.footnote}>保险产品由保险公司提供，投保前请仔细阅读保险条款、投保须知和免责说明。</p>
      </article>
    </AppPage>
  );
}
