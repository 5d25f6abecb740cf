import type { ReactNode } from 'react';

/** A column of a `StackedTable`: its header, which is also each cell's label on a phone, and its value. */
export interface StackedColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
}

/**
 * A data table that stacks each row into labelled lines on a phone (`data-table-stack`); the caption is for
 * screen readers, the section's heading names it on screen.
 */
export function StackedTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  className,
}: {
  caption: string;
  columns: readonly StackedColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A class added to the table's own (`data-table data-table-stack`). */
  className?: string;
}) {
  return (
    <table className={className ? `data-table data-table-stack ${className}` : 'data-table data-table-stack'}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.label} data-label={c.label}>
                {c.value(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
