/** Payment constants the web app needs at run time, kept apart from the TypeBox schemas so that they add nothing to a bundle. */
/** The WeChat official-account appId of the sandbox (a real deployment configures its own). */
export const WECHAT_APP_ID = 'wx5a1d0c0a5b5e0001';
/** Where the app sends the browser for WeChat authorisation: the server's entry, which redirects to the official account's open.weixin.qq.com/connect/oauth2/authorize (wechat:v3) or answers as the sandbox stands in for it. */
export const WECHAT_OAUTH_URL = '/oauth/wechat/authorize';
