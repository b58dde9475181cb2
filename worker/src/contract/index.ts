export * from './api.ts';
export * from './fields.ts';
export * from './limits.ts';
export * from './resources.ts';
export * from './slug.ts';
export * from './validation.ts';
export * from './text.ts';
export * from './reading.ts';
