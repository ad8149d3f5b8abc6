export * from './envelope.ts';
export * from './common.ts';
export * from './paths.ts';
export * from './auth.ts';
export * from './product.ts';
export * from './order.ts';
// --- policies
export * from './policy.ts';
export * from './policy-lifecycle.ts';
