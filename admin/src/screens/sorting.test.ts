import { resources } from '@cms/worker/contract';
import { describe, expect, it } from 'vitest';
import { SCREENS } from './screens.ts';
import { directionWords, sortOfAddress } from './sorting.ts';

const partner = SCREENS.find((screen) => screen.resource === 'partner')!;

describe('list sorting in the admin', () => {
  it('names each direction after what the column holds', () => {
    expect(directionWords(resources.partner, 'name')).toEqual({ asc: 'A–Z', desc: 'Z–A' });
    expect(directionWords(resources.partner, 'order')).toEqual({ asc: 'terkecil dulu', desc: 'terbesar dulu' });
    expect(directionWords(resources.partner, 'createdAt')).toEqual({ asc: 'terlama dulu', desc: 'terbaru dulu' });
    expect(directionWords(resources.partner, 'category')).toEqual({ asc: 'naik', desc: 'turun' });
    expect(directionWords(resources.partner, 'logo')).toBeUndefined();
  });

  it('takes from the address only a sort of a column the screen shows and can sort by', () => {
    expect(sortOfAddress('-order', resources.partner, partner.columns)).toEqual({ field: 'order', direction: 'desc' });
    expect(sortOfAddress('logo', resources.partner, partner.columns)).toBeUndefined();
    expect(sortOfAddress('updatedAt', resources.partner, partner.columns)).toBeUndefined();
    expect(sortOfAddress(null, resources.partner, partner.columns)).toBeUndefined();
  });
});
