/** A made-up origin to resolve relative addresses against: anything that resolves elsewhere left the site. */
const HERE = 'http://same-origin.invalid';

/**
 * True when a page the server hosts may send the browser to `target`: a
 * relative path of this site (`/…`), or an address under PUBLIC_URL. Parsed
 * with the WHATWG URL parser, as a browser would, not by prefix: `//evil`,
 * `/\evil.example` (browsers read the backslash as a slash), `https://evil`,
 * `javascript:` and addresses with control characters are refused.
 */
export function isSameOriginTarget(target: string, publicUrl: string | undefined): boolean {
  // Browsers drop tabs and newlines inside URLs and strip leading controls: such a target is never ours.
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (target === '' || /[\u0000-\u001f\u007f\\]/.test(target)) return false;
  if (target.startsWith('/')) {
    if (target.startsWith('//')) return false;
    try {
      return new URL(target, HERE).origin === HERE;
    } catch {
      return false;
    }
  }
  if (!publicUrl) return false;
  try {
    const url = new URL(target);
    return url.origin === new URL(publicUrl).origin && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
