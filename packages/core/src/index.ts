export * from './model.ts';
export * from './languages.ts';
export * from './spec/index.ts'; export * from './schema.ts';
