export * from './model.ts';
export * from './languages.ts';
