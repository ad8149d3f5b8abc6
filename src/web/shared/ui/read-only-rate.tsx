import type { CSSProperties } from 'react';
import 'antd-mobile/es/components/rate/rate.css';

/** antd-mobile's star (its Rate's default character). */
const STAR = (
  <svg viewBox="0 0 42 40" height="1em" xmlns="http://www.w3.org/2000/svg" style={{ verticalAlign: '-0.125em' }}>
    <path
      d="m21 34-10.52 5.53a2 2 0 0 1-2.902-2.108l2.01-11.714-8.511-8.296a2 2 0 0 1 1.108-3.411l11.762-1.71 5.26-10.657a2 2 0 0 1 3.586 0l5.26 10.658L39.815 14a2 2 0 0 1 1.108 3.411l-8.51 8.296 2.009 11.714a2 2 0 0 1-2.902 2.109L21 34Z"
      fill="currentColor"
      fillRule="evenodd"
    />
  </svg>
);

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A score in five stars, halves shown: the markup and styles of antd-mobile's
 * `<Rate readOnly allowHalf>`, without its drag handling, which brings
 * @use-gesture/react (7 KB gzip) into every page showing a score
 * (docs/performance.md). The rating popup, where a score is given, keeps Rate.
 * Unlike antd-mobile's read-only Rate, it is one image named by its score
 * (4.5星（满分5星）) rather than ten radio buttons that cannot be chosen.
 */
export function ReadOnlyRate({ value, style }: { value: number; style?: CSSProperties & Partial<Record<'--star-size' | '--active-color' | '--inactive-color', string>> }) {
  const star = (v: number, half: boolean) => (
    <div className={`adm-rate-star${value >= v ? ' adm-rate-star-active' : ''}${half ? ' adm-rate-star-half' : ''} adm-rate-star-readonly`}>{STAR}</div>
  );
  // A score shown, not asked for: one image named by its value, not ten radio buttons nobody can tap.
  return (
    <div className="adm-rate adm-rate-half" role="img" aria-label={`${value}星（满分5星）`} style={style}>
      {STARS.map((v) => (
        <div key={v} className="adm-rate-box">
          {star(v - 0.5, true)}
          {star(v, false)}
        </div>
      ))}
    </div>
  );
}
