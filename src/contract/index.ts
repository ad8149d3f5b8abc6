export * from './envelope.ts';
export * from './common.ts';
export * from './define-call.ts';
export * from './auth.ts';
export * from './product.ts';
export * from './order.ts';
export * from './ratings.ts';
// --- markets
export * from './market.ts';
// --- accounts
export * from './accounts.ts';
export * from './obfuscation.ts';
// --- schools and information pages
export * from './school.ts';
export * from './content.ts';
// --- policies
export * from './policy.ts';
export * from './policy-lifecycle.ts';
export * from './payment.ts';
