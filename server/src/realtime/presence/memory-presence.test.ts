import { describe, expect, it } from 'vitest';
import { MemoryPresenceStore } from './memory-presence.ts';
import { presenceData } from './presence-store.ts';

describe.skipIf(process.env.TEST_DB === 'postgres')('memory presence', () => {
  it('counts members by user and removes them with their last socket', async () => {
    const store = new MemoryPresenceStore();
    const alice = { userId: '1', infoJson: '{"id":1}' };
    expect(await store.join('presence-c', alice, 's1', 2)).toBe('added');
    expect(await store.join('presence-c', alice, 's2', 2)).toBe('existing');
    expect(await store.join('presence-c', { userId: '2', infoJson: '{}' }, 's3', 2)).toBe('added');
    expect(await store.join('presence-c', { userId: '3', infoJson: '{}' }, 's4', 2)).toBe('full');
    expect(presenceData(await store.members('presence-c')).presence).toEqual({
      ids: ['1', '2'],
      hash: { '1': { id: 1 }, '2': {} },
      count: 2,
    });
    expect(await store.leave('presence-c', '1', 's1')).toBe(false);
    expect(await store.leave('presence-c', '1', 's2')).toBe(true);
    expect(await store.leave('presence-c', '1', 's2')).toBe(false);
  });
});
