import { describe, expect, it } from 'vitest';
import { makeNotification, makeNotificationsPage } from '@/testing/factories';
import { insertNotification, PREPEND_LIMIT, withoutUnseen } from './insert-notification';

const note = (id: number) => makeNotification(id);

const page = (count: number, unseen: number[] = []) =>
  makeNotificationsPage(
    Array.from({ length: count }, (_, i) => note(100 - i)),
    unseen,
  );

describe('insertNotification', () => {
  it('prepends and counts the new one unseen while the list holds fewer than 15', () => {
    const next = insertNotification(page(14, [99]), note(200));
    expect(next?.data).toHaveLength(15);
    expect(next?.data[0]?.id).toBe(200);
    expect(next?.unseenNotifications).toEqual([200, 99]);
  });

  it('asks for a refetch (null) once the list already holds 15', () => {
    expect(PREPEND_LIMIT).toBe(15);
    expect(insertNotification(page(15), note(200))).toBeNull();
    expect(insertNotification(page(16), note(200))).toBeNull();
  });

  it('ignores a repeat of a listed notification', () => {
    const first = page(2);
    expect(insertNotification(first, note(100))).toBe(first);
  });
});

describe('withoutUnseen', () => {
  it('drops the given ids, or all of them', () => {
    expect(withoutUnseen(page(0, [1, 2, 3]), [2]).unseenNotifications).toEqual([1, 3]);
    expect(withoutUnseen(page(0, [1, 2, 3]), 'all').unseenNotifications).toEqual([]);
  });
});
