export interface Item {
  id: string;
  title: string;
}

const store = new Map<string, Item>([['1', { id: '1', title: 'first' }]]);

export function fetchAll(): Item[] {
  return [...store.values()];
}

export function fetchOne(id: string): Item | undefined {
  return store.get(id);
}
