// expect: IMPORTS src/re-export-barrel/consumer.ts -> src/re-export-barrel/api/index.ts
// expect: CALLS src/re-export-barrel/consumer.ts:loadDashboard -> src/re-export-barrel/api/requests.ts:fetchAll
// expect: CALLS src/re-export-barrel/consumer.ts:loadDashboard -> src/re-export-barrel/api/requests.ts:fetchOne
// expect: CALLS src/re-export-barrel/consumer.ts:loadDashboard -> src/re-export-barrel/api/keys.ts:cacheKey
// expect-not: CALLS src/re-export-barrel/consumer.ts:loadDashboard -> src/re-export-barrel/api/index.ts:getOne
// expect-not: CALLS src/re-export-barrel/consumer.ts:loadDashboard -> src/re-export-barrel/api/index.ts:fetchAll
import { cacheKey, fetchAll, getOne, type Item } from './api';

export function loadDashboard(selectedId: string): { key: string; items: Item[]; selected?: Item } {
  const items = fetchAll();
  const selected = getOne(selectedId);
  const key = cacheKey('dashboard', selectedId);
  return selected ? { key, items, selected } : { key, items };
}
