export * from './request-body';
export * from './env-flag';
export * from './session-cookie';
export * from './accel-expires';
export * from './malloc-arenas';
