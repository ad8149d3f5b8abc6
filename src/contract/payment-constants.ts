/** Payment constants the web app needs at run time, kept apart from the TypeBox schemas so that they add nothing to a bundle. */
/** The WeChat official-account appId of the sandbox (a real deployment configures its own). */
export const WECHAT_APP_ID = 'wx5a1d0c0a5b5e0001';
/** Where the app sends the browser for WeChat authorisation (the sandbox stands in for open.weixin.qq.com/connect/oauth2/authorize). */
export const WECHAT_OAUTH_URL = '/_sandbox/wechat/oauth2/authorize';
