import { useEffect, type ReactNode } from 'react';
import { healthNoticeBlock, evaluateHealthNotice } from '../../../../../engine/health/health-check.ts';
import { answerLabel, HEALTH_NOTICE_TITLE, visibleQuestions, type HealthOutcome } from '../../../../../engine/health/health-notice.ts';
import type { HealthNotice } from '../../../../../engine/manifest/manifest-types.generated.ts';
import own from './health-review.module.css';

/** What the health card concludes: the blocker (a refusal or an open question, with its message) and the outcome sent. */
export interface HealthConclusion {
  blocker: string | null;
  outcome: HealthOutcome['kind'];
}

interface HealthReviewProps {
  notice: HealthNotice;
  answers: Readonly<Record<string, string>>;
  onReview: (conclusion: HealthConclusion) => void;
  /** The page's card around the rows (its title given), and the class of one row: this chunk shares no style module with the page. */
  frame: (title: string, rows: ReactNode) => ReactNode;
  rowClassName: string | undefined;
}

/**
 * The confirm page's health notice card: each question shown with its answer,
 * and the engine's conclusion handed to the page (its blocker, the outcome
 * the order sends). Loaded only for a product with a notice.
 */
export function HealthReview({ notice, answers, onReview, frame, rowClassName }: HealthReviewProps) {
  const blocker = healthNoticeBlock(notice, answers)?.message ?? null;
  const outcome = evaluateHealthNotice(notice, answers).outcome.kind;
  useEffect(() => onReview({ blocker, outcome }), [onReview, blocker, outcome]);
  return frame(
    notice.title ?? HEALTH_NOTICE_TITLE,
    visibleQuestions(notice, answers).map((question) => (
      <div className={`${rowClassName ?? ''} ${own.answer ?? ''}`} key={question.id}>
        <dt>{question.text}</dt>
        <dd>{answers[question.id] !== undefined ? answerLabel(question, answers[question.id]!) : '未回答'}</dd>
      </div>
    )),
  );
}
