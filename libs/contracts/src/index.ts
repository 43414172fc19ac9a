export * from './channel';
export * from './errors';
export * from './health';
