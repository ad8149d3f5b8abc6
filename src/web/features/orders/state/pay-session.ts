/** Payment data that outlives a page: the WeChat openid of this browser session. */

const OPENID_KEY = 'wechatOpenid';

/** The payer's openid, for this tab only (session storage: it is per WeChat user, never shared). */
export function getWechatOpenid(): string | null {
  try {
    return sessionStorage.getItem(OPENID_KEY);
  } catch {
    return null;
  }
}

export function setWechatOpenid(openid: string): void {
  try {
    sessionStorage.setItem(OPENID_KEY, openid);
  } catch {
    // Private mode: the next payment asks WeChat again.
  }
}

/** Forgets the openid (the server no longer accepts it: another account, or its grant is gone); the next payment asks WeChat again. */
export function clearWechatOpenid(): void {
  try {
    sessionStorage.removeItem(OPENID_KEY);
  } catch {
    // Nothing was kept.
  }
}
