export * from './request-body';
