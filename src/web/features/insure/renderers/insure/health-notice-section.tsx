import { memo, useCallback } from 'react';
import { Radio } from 'antd-mobile';
import { allowedAnswers, HEALTH_NOTICE_TITLE, HEALTH_TEXT_MAX, visibleAnswers, type HealthAnswers } from '../../../../../engine/health/health-notice.ts';
import { evaluateHealthNotice } from '../../../../../engine/health/health-check.ts';
import type { HealthNotice, HealthQuestion } from '../../../../../engine/manifest/manifest-types.generated.ts';
import styles from './health-notice.module.css';
// The form's own radio option (a 44 px target), as the insure form's 是/否 rows have it.
import themeStyles from '../../../../form-theme/form-theme.module.css';
import '../../../../shared/ui/a11y/choice-inputs.css';

/** The element id of a question, for scrolling to the first one left unanswered. */
export function healthQuestionId(questionId: string): string {
  return `health-${questionId}`;
}

/** The id of the section, for scrolling to a refusal. */
export const HEALTH_NOTICE_ID = 'insure-health-notice';

interface HealthNoticeSectionProps {
  notice: HealthNotice;
  answers: HealthAnswers;
  onAnswers: (answers: Record<string, string>) => void;
}

/**
 * The manifest's health notice (健康告知), answered on the insure page: each
 * question shown for the answers so far (a follow-up appears when its
 * answer is chosen), and a refusal or manual underwriting shown with the
 * manifest's message. Driven only by the manifest; the rules are the
 * engine's (src/engine/health/health-notice.ts).
 */
export const HealthNoticeSection = memo(function HealthNoticeSection({ notice, answers, onAnswers }: HealthNoticeSectionProps) {
  const { visible, outcome } = evaluateHealthNotice(notice, answers);
  // Only the answers of the questions shown are kept (a follow-up hidden again loses its answer), and a cleared
  // text or date is no answer: the order carries neither.
  const answer = useCallback(
    (id: string, value: string) => {
      const { [id]: _previous, ...others } = answers;
      onAnswers(visibleAnswers(notice, value === '' ? others : { ...others, [id]: value }));
    },
    [notice, answers, onAnswers],
  );
  const title = notice.title ?? HEALTH_NOTICE_TITLE;
  return (
    <section id={HEALTH_NOTICE_ID} className={styles.notice} aria-label={title} data-testid="health-notice">
      <h2 className={styles.title}>{title}</h2>
      {notice.intro && <p className={styles.intro}>{notice.intro}</p>}
      {visible.map((question) => (
        <Question key={question.id} question={question} value={answers[question.id]} onAnswer={answer} />
      ))}
      {outcome.kind !== 'continue' && (
        <div role="alert" className={styles.refused} data-testid="health-refused">
          {outcome.message}
        </div>
      )}
    </section>
  );
});

function Question({ question, value, onAnswer }: { question: HealthQuestion; value: string | undefined; onAnswer: (id: string, value: string) => void }) {
  const id = healthQuestionId(question.id);
  const options = allowedAnswers(question);
  const className = question.showWhen ? `${styles.question} ${styles.followUp}` : styles.question;
  if (options) {
    return (
      <div className={className}>
        <fieldset id={id} className={styles.group}>
          <legend className={styles.text}>{question.text}</legend>
          <Radio.Group value={value ?? null} onChange={(picked) => onAnswer(question.id, String(picked))}>
            <div className={question.kind === 'choice' ? `${styles.choices} ${styles.choicesColumn}` : styles.choices}>
              {options.map((option) => (
                <Radio key={option.value} value={option.value} className={themeStyles.radio}>
                  {option.label}
                </Radio>
              ))}
            </div>
          </Radio.Group>
        </fieldset>
      </div>
    );
  }
  return (
    <div className={className}>
      <label htmlFor={id} className={styles.text}>
        {question.text}
      </label>
      {question.kind === 'date' ? (
        <input id={id} className={styles.input} type="date" value={value ?? ''} onChange={(e) => onAnswer(question.id, e.target.value)} />
      ) : (
        <input
          id={id}
          className={styles.input}
          type="text"
          maxLength={HEALTH_TEXT_MAX}
          placeholder="请填写"
          value={value ?? ''}
          onChange={(e) => onAnswer(question.id, e.target.value)}
        />
      )}
    </div>
  );
}
