import { useCallback, useEffect, useState } from 'react';
import DOMPurify from 'dompurify';
import type { NotificationItem } from '../../../../../contract/product.ts';
import { ErrorCode } from '../../../../../contract/envelope.ts';
import { ApiError } from '../../../../shared/api/client.ts';
import { infoApi } from '../../../../shared/api/info.ts';

export type ClausesState =
  | { phase: 'loading' }
  | { phase: 'ready'; items: NotificationItem[] }
  | { phase: 'notFound' }
  | { phase: 'error'; message: string; retry: () => void };

/** The clauses of a product from prod-svc notificationInfo, in their display order. */
export function useProductClauses(productCode: string): ClausesState {
  const [state, setState] = useState<ClausesState>({ phase: 'loading' });
  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    if (!productCode) return setState({ phase: 'notFound' });
    try {
      const items = await infoApi.notificationInfo(productCode, { silent: true });
      setState({ phase: 'ready', items: [...items].sort((a, b) => a.order - b.order) });
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.NotFound) setState({ phase: 'notFound' });
      else setState({ phase: 'error', message: error instanceof Error ? error.message : '加载失败', retry: () => void load() });
    }
  }, [productCode]);
  useEffect(() => {
    void load();
  }, [load]);
  return state;
}

/** A clause's HTML (escaped paragraphs from the server), sanitised again before it reaches the page. */
export function clauseMarkup(item: NotificationItem): { __html: string } {
  return { __html: DOMPurify.sanitize(item.content, { ALLOWED_TAGS: ['p', 'br', 'b', 'strong', 'em', 'ul', 'ol', 'li', 'h3', 'h4'], ALLOWED_ATTR: [] }) };
}
