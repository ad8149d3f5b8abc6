import { useEffect, useState } from 'react';
import { useAppMutation, useAppQuery, useAppQueryClient } from '../../../../shared/api/query-hooks.ts';
import { Button, Rate, Selector, TextArea } from 'antd-mobile';
import { Popup, SpinLoading } from '../../../../shared/ui/overlays-antd.ts';
import type { RatingTemplate } from '../../../../../contract/ratings.ts';
import {
  checkRatingSubmission,
  COMMENT_NODE,
  COMMENT_NODE_NAMES,
  COMMENT_TYPE_STARS,
  COMMENT_TYPE_TAGS,
  MAX_COMMENT_TEXT,
  type BizType,
  type CommentNode,
  type RatingSubmission,
} from '../../../../../engine/ratings/ratings.ts';
import { queries, queryKeys } from '../../../../shared/api/queries.ts';
import { ratingApi } from '../../../../shared/api/ratings.ts';
import { infoToast, loadingToast, successToast } from '../../../../shared/ui/toast.ts';
import styles from './rating-popup.module.css';
import '../../../../shared/ui/a11y/selector.css';

/** What is being rated: one business (order or policy) of one product, at one node. */
export interface RatingTarget {
  productCode: string;
  productName: string;
  bizNo: string;
  bizType: BizType;
  commentNode: CommentNode;
}

/** Spec §8: the template call needs both codes; without them nothing is shown and this is logged. */
export const MISSING_TARGET_LOG = '缺少获取节点的产品code和评价节点';

type Phase = { kind: 'loading' } | { kind: 'empty' } | { kind: 'failed' } | { kind: 'ready'; template: RatingTemplate };

/** The answers of a template: stars by item code, chosen tag codes, text. */
interface Answers {
  stars: Record<string, number>;
  tags: string[];
  text: string;
}

/** The submission of spec §3 built from the popup's answers. */
export function toSubmission(target: RatingTarget, template: RatingTemplate, answers: Answers): RatingSubmission {
  return {
    productCode: target.productCode,
    productName: target.productName,
    bizNo: target.bizNo,
    bizType: target.bizType,
    commentNode: target.commentNode,
    commentList: template.list.map((section) => {
      if (section.commentType === COMMENT_TYPE_STARS) {
        return { commentType: section.commentType, list: section.list.map((i) => ({ code: i.code, name: i.name, score: answers.stars[i.code] ?? 0 })) };
      }
      if (section.commentType === COMMENT_TYPE_TAGS) {
        return { commentType: section.commentType, list: section.list.filter((i) => answers.tags.includes(i.code)).map((i) => ({ code: i.code, name: i.name })) };
      }
      return { commentType: section.commentType, text: answers.text.trim() };
    }),
  };
}

/**
 * The rating popup of spec §4: opens at 40% height, loads the node's template
 * (获取数据...), shows its star, tag and text sections, submits (提交中...),
 * and on success closes with a 评价成功 toast; a missing star or field is a
 * warning (请全部评价, 缺少…参数) and keeps the popup open. `onClose` says
 * whether a rating was submitted.
 */
export function RatingPopup({ visible, target, onClose }: { visible: boolean; target: RatingTarget | null; onClose: (succeeded: boolean) => void }) {
  const [answers, setAnswers] = useState<Answers>({ stars: {}, tags: [], text: '' });
  const productCode = target?.productCode ?? '';
  const node = target?.commentNode;
  const queryClient = useAppQueryClient();
  const template = useAppQuery({ ...queries.ratingTemplate(productCode, node ?? COMMENT_NODE.policy), enabled: visible && Boolean(productCode && node) });
  const phase: Phase = template.isPending
    ? { kind: 'loading' }
    : template.data && template.data.list.length > 0
      ? { kind: 'ready', template: template.data }
      : template.isError
        ? { kind: 'failed' }
        : { kind: 'empty' };
  // A rating changes the product's statistics and lists and the caller's rating status: those are fetched again.
  const submission = useAppMutation({
    mutationFn: (body: Parameters<typeof ratingApi.submit>[0]) => ratingApi.submit(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.productRatings(productCode) }),
  });
  const submitting = submission.isPending;

  useEffect(() => {
    if (!visible) return;
    if (!productCode || !node) {
      console.warn(MISSING_TARGET_LOG);
      return;
    }
    setAnswers({ stars: {}, tags: [], text: '' });
  }, [visible, productCode, node]);

  if (!target || !target.productCode || !target.commentNode) return null;

  const submit = async () => {
    if (phase.kind !== 'ready' || submitting) return;
    const rating = toSubmission(target, phase.template, answers);
    const problem = checkRatingSubmission(rating);
    if (problem) {
      infoToast(problem);
      return;
    }
    loadingToast('提交中...', true);
    try {
      await submission.mutateAsync([rating as Parameters<typeof ratingApi.submit>[0][number]]);
      successToast('评价成功');
      onClose(true);
    } catch (error) {
      infoToast(error instanceof Error ? error.message : '评价失败');
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={() => onClose(false)}
      onClose={() => onClose(false)}
      bodyStyle={{ minHeight: '40vh', maxHeight: '85vh', overflowY: 'auto', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className={styles.popup} data-testid="rating-popup">
        <header className={styles.header}>
          <h2 className={styles.title}>评价{COMMENT_NODE_NAMES[target.commentNode]}</h2>
          <button type="button" className={styles.close} onClick={() => onClose(false)} aria-label="关闭">
            ×
          </button>
        </header>
        {phase.kind === 'loading' && (
          <div className={styles.center}>
            <SpinLoading /> <span>获取数据...</span>
          </div>
        )}
        {phase.kind === 'empty' && <p className={styles.center}>没有评价模板...</p>}
        {phase.kind === 'failed' && <p className={styles.center}>获取数据失败...</p>}
        {phase.kind === 'ready' && (
          <>
            {phase.template.list.map((section) => {
              if (section.commentType === COMMENT_TYPE_STARS) {
                return (
                  <div key={section.commentType} className={styles.section}>
                    <p className={styles.prompt}>{section.text}</p>
                    {section.list.map((item) => (
                      <div key={item.code} className={styles.starRow}>
                        <span className={styles.starName}>{item.name}</span>
                        <Rate
                          value={answers.stars[item.code] ?? 0}
                          onChange={(score) => setAnswers((a) => ({ ...a, stars: { ...a.stars, [item.code]: score } }))}
                          style={{ '--star-size': '22px', '--active-color': '#ffc53d' }}
                          aria-label={item.name}
                        />
                      </div>
                    ))}
                  </div>
                );
              }
              if (section.commentType === COMMENT_TYPE_TAGS) {
                return (
                  <div key={section.commentType} className={styles.section}>
                    <p className={styles.prompt}>{section.text}</p>
                    <Selector
                      multiple
                      columns={3}
                      options={section.list.map((item) => ({ label: item.name, value: item.code }))}
                      value={answers.tags}
                      onChange={(tags) => setAnswers((a) => ({ ...a, tags }))}
                    />
                  </div>
                );
              }
              return (
                <div key={section.commentType} className={styles.section}>
                  <TextArea
                    placeholder={section.text}
                    maxLength={MAX_COMMENT_TEXT}
                    showCount
                    rows={3}
                    value={answers.text}
                    onChange={(text) => setAnswers((a) => ({ ...a, text }))}
                  />
                </div>
              );
            })}
            <Button block color="primary" shape="rounded" loading={submitting} onClick={() => void submit()} data-testid="rating-submit">
              提交评价
            </Button>
          </>
        )}
      </div>
    </Popup>
  );
}
