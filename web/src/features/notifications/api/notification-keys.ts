/** Query keys of the notifications panel. */
export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number) => ['notifications', page] as const,
  /** The "Mark all as seen" mutation, so the open panel can tell when it succeeded. */
  markAll: ['notifications', 'mark-all'] as const,
};
