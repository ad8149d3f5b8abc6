import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ProductListItem } from '../../../../contract/product.ts';
import { formatYuan } from '../../../shared/ui/format.ts';
import styles from './market.module.css';
import pills from './pill-tabs.module.css';

/**
 * A product of a market or a search: its illustration, name, category,
 * subtitle, sales area and the lowest premium. The illustration is an SVG
 * asset with a fixed box (no layout shift), loaded lazily unless the card is
 * among the first on the screen (`eager`).
 */
export function ProductCard({ item, onOpen, insurers, eager = false }: { item: ProductListItem; onOpen: () => void; insurers?: readonly string[]; eager?: boolean }) {
  return (
    <button type="button" className={styles.card} onClick={onOpen} data-testid="product-card" data-product-code={item.productCode}>
      <img className={styles.cardImage} src={item.image} alt="" width={72} height={48} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      <div className={styles.cardTop}>
        <span className={styles.cardName} data-testid="product-name">
          {item.productName}
        </span>
        {item.productCategory2 && (
          // A plain outlined label rather than antd-mobile's Tag: this card is on the home route, where every byte counts.
          <span className={styles.cardTag}>{item.productCategory2}</span>
        )}
      </div>
      <p className={styles.cardSubtitle}>{item.subtitle}</p>
      <div className={styles.cardBottom}>
        <span className={styles.cardArea}>
          销售区域：{item.salesArea}
          {insurers && insurers.length > 0 && (
            <>
              <br />
              承保：{insurers.join('、')}
            </>
          )}
        </span>
        <span className={styles.cardPrice}>
          <strong>{formatYuan(item.fromPremium)}</strong>起
        </span>
      </div>
    </button>
  );
}

/** Placeholders in the shape of product cards while a list loads. */
export function ProductCardsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.card}>
          <span className={`${styles.cardImage} ${styles.cardImagePending}`} />
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

export interface TabOption {
  value: string;
  label: string;
}

/** '全部' (value '') followed by each category: the options of a product category filter. */
export function categoryOptions(categories: readonly string[]): TabOption[] {
  return [{ value: '', label: '全部' }, ...categories.map((name) => ({ value: name, label: name }))];
}

/**
 * A row of pill tabs that scrolls sideways: the product category filter of
 * the home screen and a market's home, and the search's city and category
 * filters. Plain buttons rather than antd-mobile's Tabs, and kept in this
 * module rather than one of its own (one more chunk): the home route carries
 * it, where every byte counts.
 */
export function CategoryTabs({ label, options, value, onChange }: { label: string; options: readonly TabOption[]; value: string; onChange: (value: string) => void }) {
  return (
    <div className={pills.tabs} role="tablist" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value || 'all'}
          type="button"
          role="tab"
          aria-selected={value === option.value}
          className={value === option.value ? pills.tabActive : pills.tab}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
