export * from './request-body';
export * from './env-flag';
