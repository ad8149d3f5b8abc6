import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { queries } from '../../api/queries.ts';
import { AppPage } from '../../components/app-page.tsx';
import { formatDay, formatYuan } from '../../components/format.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { errorMessage, useRetryQuery } from '../../components/query-state.ts';
import styles from '../../components/policy/policy-detail.module.css';

const TITLE = '投保信息';

/** `/insureDetail?applicationFormCode=`: what was filled in for one application, personal data masked. */
export default function InsureDetailScreen() {
  const [query] = useSearchParams();
  const code = query.get('applicationFormCode') ?? '';
  const application = useQuery(queries.insureDetail(code));
  const retry = useRetryQuery(queries.insureDetail(code).queryKey);

  if (!application.data) {
    if (application.isError) {
      return (
        <AppPage title={TITLE}>
          <LoadError description={errorMessage(application.error)} onRetry={retry} />
        </AppPage>
      );
    }
    return <AppPage title={TITLE}><PageLoading /></AppPage>;
  }
  const { detail, extend } = application.data;
  return (
    <AppPage title={TITLE}>
      <section className={styles.card}>
        <h3>{detail.productName}</h3>
        <dl className={styles.rows}>
          <Row label="保障方案" value={detail.planName} />
          <Row label="保障期间" value={`${formatDay(detail.startDate)} 至 ${formatDay(detail.endDate)}`} />
          <Row label="保费" value={formatYuan(detail.premium)} />
          <Row label="投保单号" value={detail.applicationFormCode} />
          <Row label="投保时间" value={detail.createdAt} />
        </dl>
      </section>
      <section className={styles.card}>
        <h3>投保人</h3>
        <dl className={styles.rows}>
          <Row label="姓名" value={detail.holder.name} />
          <Row label="证件号码" value={detail.holder.licenceNo} />
          <Row label="手机号" value={detail.holder.phone} />
          <Row label="出生日期" value={detail.holder.birthday} />
        </dl>
      </section>
      {(extend?.list ?? []).map((p, i) => (
        <section key={i} className={styles.card} data-testid="insured-extend">
          <h3>被保险人{i + 1}</h3>
          <dl className={styles.rows}>
            <Row label="姓名" value={p.name} />
            <Row label="证件号码" value={p.licenceNo} />
            {p.schoolName && <Row label="学校" value={p.schoolName} />}
            {p.collegeName && <Row label="学院" value={p.collegeName} />}
            {p.grade && <Row label="年级" value={p.grade} />}
            {p.classAndGrade && <Row label="班级" value={p.classAndGrade} />}
            {p.socialMedicalInsurance && <Row label="有无社保" value={p.socialMedicalInsurance === 'Y' ? '有' : '无'} />}
          </dl>
        </section>
      ))}
      <section className={styles.card}>
        <dl className={styles.rows}>
          <Row label="受益人" value={detail.beneficiary} />
        </dl>
      </section>
    </AppPage>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
