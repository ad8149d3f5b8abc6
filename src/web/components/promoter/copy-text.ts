/** Copies `text` to the clipboard: the Clipboard API where allowed, else a selected textarea (older WeChat browsers). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the textarea.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** The app-relative link of the server (`/#/route?…`) as a full address, and as the hash route the share popup takes. */
export function linkParts(link: string, origin: string): { url: string; route: string } {
  const hash = link.indexOf('#');
  const route = hash >= 0 ? link.slice(hash + 1) : link;
  const url = /^https?:\/\//.test(link) ? link : `${origin}${link.startsWith('/') ? '' : '/'}${link}`;
  return { url, route: route.startsWith('/') ? route : `/${route}` };
}
