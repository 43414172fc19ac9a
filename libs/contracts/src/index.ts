export * from './admin';
export * from './auth';
export * from './channel';
export * from './errors';
export * from './health';
export * from './playlist';
export * from './video';
export * from './settings';
