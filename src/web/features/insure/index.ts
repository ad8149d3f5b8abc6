/** What other features use of insuring: the way to the payment page (the payoff screen), and the draft a renewal starts from. */
export { appUrl, MSG_TO_PAYMENT, PAY_URL_ATTEMPTS, payBrowser, wechatAuthUrl } from './renderers/confirm/pay-route.ts';
export { insureDraftAtom, planMsgAtom } from './state/insure-draft.ts';
