/**
 * The documents the PDF viewer (`/pdf?url=`) opens, and nothing else: pdf.js
 * fetches its address itself with the user's token, so an address that is not
 * a document's download (a call that changes something, another service) must
 * never reach it. The one pattern below is built from the declared download
 * calls (their paths, and the constants their params schemas are built from);
 * the links to the viewer and the viewer both read it. The web bundle keeps
 * only a call's method and path (scripts/lib/vite-contract-for-web.ts), hence
 * the plain constants for the parameters.
 */
import { CONTRACT_FILES, CONTRACT_NO_PATTERN, contractCalls } from './contracts.ts';
import { GW } from './define-call.ts';
import { APPLICATION_FORM_CODE_PATTERN, policyCalls } from './policy.ts';

/** A path parameter's pattern: a schema pattern (anchors dropped), or any of a set of literals. */
type SegmentPattern = { pattern: string } | { literals: readonly string[] };

/** A GET call answering a PDF, the pattern of each `:param` of its path, and the viewer's title for it. */
export interface DocumentCall {
  call: { method: 'GET'; path: string };
  params: Readonly<Record<string, SegmentPattern>>;
  title: string;
}

/** Every document the viewer may open: an agreement's PDF (signed or as sent to signing) and a policy's e-policy. */
export const DOCUMENT_CALLS: readonly DocumentCall[] = [
  { call: contractCalls.contractFile, params: { contractNo: { pattern: CONTRACT_NO_PATTERN }, file: { literals: CONTRACT_FILES } }, title: '查看协议' },
  { call: policyCalls.ePolicy, params: { applicationFormCode: { pattern: APPLICATION_FORM_CODE_PATTERN } }, title: '电子保单' },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function segment(pattern: SegmentPattern): string {
  if ('literals' in pattern) return pattern.literals.map(escapeRegExp).join('|');
  return pattern.pattern.replace(/^\^/, '').replace(/\$$/, '');
}

/** The address of one document call: its path under /_gw, each `:param` its pattern; nothing before or after. */
export function documentCallPattern({ call, params }: DocumentCall): string {
  const parts = `${GW}${call.path}`.split('/').map((part) => {
    if (!part.startsWith(':')) return escapeRegExp(part);
    const pattern = params[part.slice(1)];
    if (!pattern) throw new Error(`${call.path}: no pattern for ${part}`);
    return `(?:${segment(pattern)})`;
  });
  return parts.join('/');
}

/** The addresses the PDF viewer opens: the download of a declared document, with no query and no fragment. */
export const DOCUMENT_ADDRESS = new RegExp(`^(?:${DOCUMENT_CALLS.map(documentCallPattern).join('|')})$`);

/** Whether `address` (a path under /_gw) is a document the viewer may fetch with the user's token. */
export function isDocumentAddress(address: string): boolean {
  return DOCUMENT_ADDRESS.test(address);
}

/** The declared document `address` downloads, or undefined when it is none. */
export function documentOf(address: string): DocumentCall | undefined {
  if (!isDocumentAddress(address)) return undefined;
  return DOCUMENT_CALLS.find((document) => new RegExp(`^${documentCallPattern(document)}$`).test(address));
}

/** The PDF viewer's link (`/pdf?url=`, Base64 of the address as spec §2 has it) for a declared document, else null. */
export function documentViewerLink(address: string): string | null {
  return isDocumentAddress(address) ? `/pdf?url=${encodeURIComponent(btoa(address))}` : null;
}
