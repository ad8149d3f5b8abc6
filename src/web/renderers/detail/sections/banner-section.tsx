import type { DetailSectionProps } from '../types.ts';
import styles from '../detail.module.css';

export function BannerSection({ manifest }: DetailSectionProps) {
  const { banner } = manifest.detail;
  const color = banner.color ?? '#1677ff';
  return (
    <div
      className={styles.banner}
      style={{
        background: banner.image
          ? `center / cover no-repeat url("${banner.image}"), ${color}`
          : `linear-gradient(150deg, ${color} 0%, ${color}cc 60%, ${color}99 100%)`,
      }}
    >
      {manifest.flags?.internetExclusive && <span className={styles.bannerBadge}>互联网专属</span>}
      <h1 className={styles.bannerTitle}>{banner.title}</h1>
      <p className={styles.bannerSubtitle}>{banner.subtitle}</p>
      <p className={styles.bannerProduct}>{manifest.productName}</p>
    </div>
  );
}
