export { fetchAll } from './requests';
export { fetchOne as getOne } from './requests';
export type { Item } from './requests';
export * from './keys';
