export * from './constants';
export * from './categories';
export * from './schemas';
