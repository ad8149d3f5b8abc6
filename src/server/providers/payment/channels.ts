/**
 * Every payment channel implementation the app can be configured with, one
 * line each. PAYMENT_CHANNELS chooses among them by `channel` (and
 * `channel:implementation`); adding a channel is its module and one line here.
 */
import { alipaySandboxChannel } from './alipay-provider.ts';
import { alipayOpenApiChannel } from './alipay-openapi.ts';
import { jdSandboxChannel } from './jd-pay-provider.ts';
import type { PaymentChannelDescriptor } from './payment-channel.ts';
import { sandboxCashierChannel } from './sandbox-payment-provider.ts';
import { wechatSandboxChannel } from './wechat-pay-provider.ts';
import { wechatV3Channel } from './wechat-v3-provider.ts';

export const PAYMENT_CHANNEL_IMPLEMENTATIONS: readonly PaymentChannelDescriptor[] = [
  sandboxCashierChannel,
  wechatSandboxChannel,
  wechatV3Channel,
  alipaySandboxChannel,
  alipayOpenApiChannel,
  jdSandboxChannel,
];
