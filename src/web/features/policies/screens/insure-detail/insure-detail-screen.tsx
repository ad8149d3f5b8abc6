import { useAppQuery } from '../../../../shared/api/query-hooks.ts';
import { useSearchParams } from 'react-router-dom';
import { queries } from '../../../../shared/api/queries.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { formatDay, formatYuan } from '../../../../shared/ui/format.ts';
import { InfoRows } from '../../../../shared/ui/layout/info-rows.tsx';
import { CardSkeleton, SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { errorMessage, useRetryQuery } from '../../../../shared/ui/query-state.ts';

const TITLE = '投保信息';

/** `/insureDetail?applicationFormCode=`: what was filled in for one application, personal data masked. */
export default function InsureDetailScreen() {
  const [query] = useSearchParams();
  const code = query.get('applicationFormCode') ?? '';
  const application = useAppQuery(queries.insureDetail(code));
  const retry = useRetryQuery(queries.insureDetail(code).queryKey);

  if (!application.data) {
    if (application.isError) {
      return (
        <AppPage title={TITLE}>
          <LoadError description={errorMessage(application.error)} onRetry={retry} />
        </AppPage>
      );
    }
    return <AppPage title={TITLE}><CardSkeleton count={3} /></AppPage>;
  }
  const { detail, extend } = application.data;
  return (
    <AppPage title={TITLE}>
      <SectionCard title={detail.productName}>
        <InfoRows
          rows={[
            { label: '保障方案', value: detail.planName },
            { label: '保障期间', value: `${formatDay(detail.startDate)} 至 ${formatDay(detail.endDate)}` },
            { label: '保费', value: formatYuan(detail.premium) },
            { label: '投保单号', value: detail.applicationFormCode },
            { label: '投保时间', value: detail.createdAt },
          ]}
        />
      </SectionCard>
      <SectionCard title="投保人">
        <InfoRows
          rows={[
            { label: '姓名', value: detail.holder.name },
            { label: '证件号码', value: detail.holder.licenceNo },
            { label: '手机号', value: detail.holder.phone },
            { label: '出生日期', value: detail.holder.birthday },
          ]}
        />
      </SectionCard>
      {(extend?.list ?? []).map((p, i) => (
        <SectionCard key={i} title={`被保险人${i + 1}`} testId="insured-extend">
          <InfoRows
            rows={[
              { label: '姓名', value: p.name },
              { label: '证件号码', value: p.licenceNo },
              { label: '学校', value: p.schoolName },
              { label: '学院', value: p.collegeName },
              { label: '年级', value: p.grade },
              { label: '班级', value: p.classAndGrade },
              { label: '有无社保', value: p.socialMedicalInsurance && (p.socialMedicalInsurance === 'Y' ? '有' : '无') },
            ]}
          />
        </SectionCard>
      ))}
      <SectionCard>
        <InfoRows rows={[{ label: '受益人', value: detail.beneficiary }]} />
      </SectionCard>
    </AppPage>
  );
}
