import { EARLY_DETAIL_TEXTS } from '../../../../../app/early-detail-paint.ts';
import type { DetailSectionProps } from '../types.ts';

/**
 * Top banner: the manifest's colour as a gradient, the headline on the left
 * and the banner illustration on the right (`detail.banner.image`, served as
 * the category's illustration when the manifest sets none). The image box is
 * fixed (width and height), so nothing moves when it arrives; it is the first
 * screen, so it loads at once. Its classes are global (base.css): the document-start script paints the same
 * banner with them on a detail link before the app has loaded (app/early-detail-paint.ts).
 */
export function BannerSection({ manifest }: DetailSectionProps) {
  const { banner } = manifest.detail;
  const color = banner.color ?? '#1677ff';
  return (
    <div className="detail-banner" style={{ background: `linear-gradient(150deg, ${color} 0%, ${color}cc 60%, ${color}99 100%)` }} data-testid="detail-banner">
      {banner.image && <img className="detail-banner-image" src={banner.image} alt="" width={168} height={112} fetchPriority="high" decoding="async" />}
      <div className="detail-banner-text">
        {manifest.flags?.internetExclusive && <span className="detail-banner-badge">{EARLY_DETAIL_TEXTS.exclusive}</span>}
        <h1 className="detail-banner-title">{banner.title}</h1>
        <p className="detail-banner-subtitle">{banner.subtitle}</p>
        <p className="detail-banner-product">{manifest.productName}</p>
      </div>
    </div>
  );
}
