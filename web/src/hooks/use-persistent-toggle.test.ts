import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePersistentToggle } from './use-persistent-toggle';

describe('usePersistentToggle', () => {
  it('starts closed and stores each change as true/false', () => {
    const { result } = renderHook(() => usePersistentToggle('showThing'));
    expect(result.current[0]).toBe(false);

    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
    expect(localStorage.getItem('showThing')).toBe('true');

    act(() => result.current[2]());
    expect(result.current[0]).toBe(false);
    expect(localStorage.getItem('showThing')).toBe('false');
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    ['garbage', false],
  ])('restores %j as %s', (stored, open) => {
    localStorage.setItem('showThing', stored);
    const { result } = renderHook(() => usePersistentToggle('showThing'));
    expect(result.current[0]).toBe(open);
  });
});
