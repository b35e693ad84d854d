export * from './canonical';
export * from './keys';
export * from './signature';
export * from './record';
