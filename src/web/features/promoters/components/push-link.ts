/** The app-relative link of the server (`/#/route?…`) as a full address, and as the hash route the share popup takes. */
export function linkParts(link: string, origin: string): { url: string; route: string } {
  const hash = link.indexOf('#');
  const route = hash >= 0 ? link.slice(hash + 1) : link;
  const url = /^https?:\/\//.test(link) ? link : `${origin}${link.startsWith('/') ? '' : '/'}${link}`;
  return { url, route: route.startsWith('/') ? route : `/${route}` };
}
