import type { DetailSectionProps } from '../types.ts';
import { readableTextOn } from '../../../../../shared/ui/readable-text.ts';
import styles from '../detail.module.css';

/**
 * Title page of a project year (the Xuzhou 2022–2024 projects): the year, a
 * headline and a line under it, above the banner. Nothing without `detail.titlePage`.
 */
export function TitlePageSection({ manifest }: DetailSectionProps) {
  const titlePage = manifest.detail.titlePage;
  if (!titlePage) return null;
  const color = manifest.detail.banner.color ?? '#1677ff';
  return (
    <section className={styles.titlePage} style={{ borderColor: color }} aria-label={titlePage.title} data-testid="title-page">
      <span className={styles.titlePageYear} style={{ background: color, color: readableTextOn(color) }}>
        {titlePage.projectYear}年度项目
      </span>
      <h1 className={styles.titlePageTitle}>{titlePage.title}</h1>
      <p className={styles.titlePageSubtitle}>{titlePage.subtitle}</p>
    </section>
  );
}
