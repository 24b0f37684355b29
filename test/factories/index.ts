export * from './catalogue.factory';
export { closeFactoryPools, type FactoryDb } from './db';
