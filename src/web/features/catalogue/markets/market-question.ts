import { Dialog } from 'antd-mobile';

/** The spec §4 market question as a confirm dialog; true when the visitor confirms. */
export function confirmMarketQuestion(message: string): Promise<boolean> {
  return Dialog.confirm({ content: message, confirmText: '前往', cancelText: '取消' });
}
