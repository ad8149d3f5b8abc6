import { GW } from '../../../contract/define-call.ts';

/**
 * The document address of `/pdf?url=`: Base64 of the gateway prefix plus the
 * contract address. Anything that does not decode to a same-origin /_gw path
 * (another host, a script URL, a path climbing out) is refused.
 */
export function viewerAddress(encoded: string | null): string | null {
  if (!encoded) return null;
  let decoded: string;
  try {
    decoded = atob(encoded.replace(/ /g, '+'));
  } catch {
    return null;
  }
  if (!decoded.startsWith(`${GW}/`) || decoded.includes('..') || !/^[A-Za-z0-9/._?=&-]+$/.test(decoded)) return null;
  return decoded;
}
