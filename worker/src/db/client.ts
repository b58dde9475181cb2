import { drizzle } from 'drizzle-orm/d1';

export const createDb = (d1: D1Database) => drizzle(d1);
export type Database = ReturnType<typeof createDb>;

/** D1 accepts at most 100 bound parameters per statement (local D1 does not enforce it). */
export const MAX_BOUND_PARAMETERS = 100;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export const newId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
};

export const now = () => new Date().toISOString();
