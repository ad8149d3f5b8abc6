import type { NotificationItem, ProductFile } from '../../contract/product.ts';
import type { ProductManifest, Protocol } from '../../engine/manifest/manifest-types.generated.ts';
import { escapeHtml } from '../lib/escape-html.ts';

/** Notice group of a protocol without one: "others" (spec §3: 2 and 3 form one group, others another). */
const DEFAULT_NOTIFICATION_TYPE = 1;

/** A clause's text (paragraphs separated by blank lines) as HTML paragraphs; the text is escaped, never interpreted. */
export function clauseHtml(content: string): string {
  return content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The protocol and notice list of GET notificationInfo/edu, in manifest order. */
export function toNotificationInfo(manifest: ProductManifest): NotificationItem[] {
  return manifest.protocols.map((p: Protocol, i) => ({
    name: p.name,
    resourceName: p.name,
    order: i + 1,
    displayNo: i + 1,
    type: 'html' as const,
    content: clauseHtml(p.content),
    valueMark: p.valueMark,
    notificationType: p.notificationType ?? DEFAULT_NOTIFICATION_TYPE,
    productCode: manifest.productCode,
  }));
}

/** The protocol documents as files whose url renders each one as an HTML page (`fileUrl(no)`, 1-based). */
export function toProductFiles(manifest: ProductManifest, fileUrl: (no: number) => string): ProductFile[] {
  return manifest.protocols.map((p, i) => ({ name: p.name, url: fileUrl(i + 1), valueMark: p.valueMark, displayNo: i + 1 }));
}

/** A protocol document as a standalone mobile HTML page. */
export function clausePage(manifest: ProductManifest, protocol: Protocol): string {
  const title = escapeHtml(protocol.name);
  return [
    '<!doctype html>',
    '<html lang="zh-CN"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    '<style>body{margin:0;padding:16px 18px 32px;font:15px/1.75 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#333;background:#fff}',
    'h1{font-size:18px;line-height:1.4;margin:0 0 4px}.product{color:#888;font-size:13px;margin:0 0 16px}p{margin:0 0 12px;text-align:justify}</style>',
    '</head><body>',
    `<h1>${title}</h1>`,
    `<p class="product">${escapeHtml(manifest.productName)}</p>`,
    clauseHtml(protocol.content),
    '</body></html>',
  ].join('');
}

/** The page answered for an unknown document. */
export function missingClausePage(): string {
  return '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>文件不存在</title></head><body><p>商品不存在或已下架</p></body></html>';
}
