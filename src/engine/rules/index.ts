/** Validation rules, masking, regions and enumerations of the insurance engine. */
export * from './messages';
export * from './regions';
export * from './id-card';
export * from './phone';
export * from './validators';
export * from './hidden-format';
export * from './masking';
export * from './text-masking';
export * from './enums';
export * from './person';
export * from './grades';
export * from './brokerage';
