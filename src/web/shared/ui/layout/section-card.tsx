import type { KeyboardEvent, ReactNode } from 'react';
import { Skeleton } from 'antd-mobile';
import styles from './layout.module.css';

/**
 * The white card every list and detail screen is made of: a head (title and,
 * on the right, a status tag or a link), the body, and an optional foot
 * (premium and actions). `onOpen` makes the head a link to the item, or the
 * whole card with `opensWhole` (a card without buttons of its own). On a page
 * of sections (the product detail) `heading` makes the title a heading and
 * the card a region named by it (or by `label`).
 */
export function SectionCard({
  title,
  extra,
  footer,
  onOpen,
  opensWhole = false,
  children,
  as: Tag = 'section',
  heading,
  label,
  testId,
  className,
  ...data
}: {
  title?: ReactNode;
  extra?: ReactNode;
  footer?: ReactNode;
  onOpen?: () => void;
  opensWhole?: boolean;
  children?: ReactNode;
  as?: 'section' | 'article' | 'li' | 'div';
  heading?: 'h2' | 'h3';
  label?: string;
  testId?: string;
  className?: string;
} & { [data: `data-${string}`]: string | undefined }) {
  const link = (open: boolean) =>
    open && onOpen ? { role: 'link', tabIndex: 0, onClick: onOpen, onKeyDown: (e: KeyboardEvent) => e.key === 'Enter' && onOpen() } : {};
  const Title = heading ?? 'span';
  const region = label ?? (heading && typeof title === 'string' ? title : undefined);
  return (
    <Tag
      className={`${styles.card} ${opensWhole && onOpen ? styles.tappable : ''} ${className ?? ''}`}
      aria-label={region}
      data-testid={testId}
      {...data}
      {...link(opensWhole)}
    >
      {(title !== undefined || extra !== undefined) && (
        <div className={`${styles.cardHead} ${!opensWhole && onOpen ? styles.tappable : ''}`} {...link(!opensWhole)}>
          <Title className={styles.cardTitle}>{title}</Title>
          {extra}
        </div>
      )}
      {children}
      {footer && <div className={styles.cardFoot}>{footer}</div>}
    </Tag>
  );
}

/** The premium of a card's foot: 保费 ¥x. */
export function CardPremium({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <span className={styles.premium}>
      保费 <strong data-testid={testId}>{children}</strong>
    </span>
  );
}

/** A list of cards: the frame of every list screen. */
export function CardList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <ul className={styles.list} data-testid={testId}>
      {children}
    </ul>
  );
}

/** The loading state of every card screen: card-shaped placeholders, announced as busy. */
export function CardSkeleton({ count = 2, lines = 3, testId }: { count?: number; lines?: number; testId?: string }) {
  return (
    <div className={styles.list} role="status" aria-busy="true" aria-label="加载中" data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.card}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={lines} animated />
        </div>
      ))}
    </div>
  );
}
