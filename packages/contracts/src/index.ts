export * from './common';
export * from './health';
export * from './auth';
export * from './dashboard';
export * from './pos';
