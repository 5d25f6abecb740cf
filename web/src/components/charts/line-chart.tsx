import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import { seriesColour } from './colours';
import './charts.css';

/** One line of a chart: a label and its points (`x` an ISO date, `y` a number), in any order. */
export interface ChartSeries {
  label: string;
  points: readonly { x: string; y: number }[];
}

/** The canvas (uPlot) loads with the first chart a page draws, never with the pages that draw none. */
const ChartCanvas = lazy(async () => ({ default: (await import('./chart-canvas')).ChartCanvas }));

/** The series as table rows: one row per date, one column per series (empty where a series has no point). */
export function chartRows(series: readonly ChartSeries[]): { x: string; values: (number | null)[] }[] {
  const dates = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort(
    (a, b) => Date.parse(a) - Date.parse(b),
  );
  const byDate = series.map((s) => new Map(s.points.map((p) => [p.x, p.y])));
  return dates.map((x) => ({ x, values: byDate.map((m) => m.get(x) ?? null) }));
}

function linkCell(link: { to: string; label: string } | null) {
  return link ? <Link to={link.to}>{link.label}</Link> : '';
}

/**
 * A line chart of dated values with its table: the table is always in the page for screen readers (hidden
 * visually while the chart shows), and "Show as table" swaps the chart for it. The canvas is decorative.
 */
export function LineChart({
  title,
  series,
  valueLabel,
  rowLink,
}: {
  /** The chart's name, the table's caption. */
  title: string;
  series: readonly ChartSeries[];
  /** What `y` is, for the table's cells (`Rating`). */
  valueLabel: string;
  /** A last column of the table, "Match": where the row's date leads (null for none). */
  rowLink?: (x: string) => { to: string; label: string } | null;
}) {
  // Without media queries (a very old browser, or jsdom in tests) uPlot cannot run: the table shows instead.
  const canDraw = typeof window.matchMedia === 'function';
  const [wantsTable, setAsTable] = useState(false);
  const asTable = wantsTable || !canDraw;
  const tableId = useId();
  const rows = chartRows(series);
  return (
    <figure className="line-chart">
      <div className="line-chart-bar">
        <figcaption className="line-chart-title">{title}</figcaption>
        {canDraw && (
          <button
            type="button"
            className="button button-ghost button-small"
            aria-controls={tableId}
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? 'Show as chart' : 'Show as table'}
          </button>
        )}
      </div>
      {!asTable && (
        <>
          <Suspense fallback={<div className="line-chart-canvas" aria-hidden="true" />}>
            <ChartCanvas series={series} />
          </Suspense>
          <ul className="line-chart-legend" aria-hidden="true">
            {series.map((s, i) => (
              <li key={s.label}>
                <svg width="14" height="4" viewBox="0 0 14 4" focusable="false">
                  <rect width="14" height="4" rx="1" fill={seriesColour(i)} />
                </svg>{' '}
                {s.label}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className={asTable ? 'line-chart-table' : 'visually-hidden'}>
        <table id={tableId} className="data-table">
          <caption className="visually-hidden">
            {title} ({valueLabel})
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
              {rowLink && <th scope="col">Match</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.x}>
                <th scope="row">{formatDate(row.x, 'dateTime')}</th>
                {row.values.map((v, i) => (
                  <td key={series[i]?.label ?? i}>{v ?? ''}</td>
                ))}
                {rowLink && <td>{linkCell(rowLink(row.x))}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
