import type { DetailSectionProps } from '../types.ts';
import styles from '../detail.module.css';

/**
 * Top banner: the manifest's colour as a gradient, the headline on the left
 * and the banner illustration on the right (`detail.banner.image`, served as
 * the category's illustration when the manifest sets none). The image box is
 * fixed (width and height), so nothing moves when it arrives; it is the first
 * screen, so it loads at once.
 */
export function BannerSection({ manifest }: DetailSectionProps) {
  const { banner } = manifest.detail;
  const color = banner.color ?? '#1677ff';
  return (
    <div className={styles.banner} style={{ background: `linear-gradient(150deg, ${color} 0%, ${color}cc 60%, ${color}99 100%)` }} data-testid="detail-banner">
      {banner.image && <img className={styles.bannerImage} src={banner.image} alt="" width={168} height={112} fetchPriority="high" decoding="async" />}
      <div className={styles.bannerText}>
        {manifest.flags?.internetExclusive && <span className={styles.bannerBadge}>互联网专属</span>}
        <h1 className={styles.bannerTitle}>{banner.title}</h1>
        <p className={styles.bannerSubtitle}>{banner.subtitle}</p>
        <p className={styles.bannerProduct}>{manifest.productName}</p>
      </div>
    </div>
  );
}
