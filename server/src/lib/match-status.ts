import { isStatusId, statusName, type StatusId } from '@versus/common/match/statuses';

/**
 * A match row's status as the `StatusId` union. The column's CHECK constraint keeps it to the known ids,
 * so anything else is a broken row, not bad input.
 */
export function storedStatusId(value: number): StatusId {
  if (!isStatusId(value)) throw new Error(`Unknown match status ${String(value)}`);
  return value;
}

/** The status and its name, as lists show them (`statusId`, `statusName`). */
export function presentStatus(value: number): { statusId: StatusId; statusName: string } {
  const statusId = storedStatusId(value);
  return { statusId, statusName: statusName(statusId) };
}
