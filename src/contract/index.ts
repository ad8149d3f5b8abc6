export * from './envelope.ts';
export * from './common.ts';
export * from './paths.ts';
export * from './auth.ts';
export * from './product.ts';
export * from './order.ts';
export * from './payment.ts';
