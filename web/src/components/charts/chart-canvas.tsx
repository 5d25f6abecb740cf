// The drawing half of `LineChart`, in its own chunk with uPlot (canvas; its CSS is a file Vite serves, and it
// styles elements through the CSSOM only, so the Content-Security-Policy needs no inline styles).
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { seriesColour } from './colours';
import { chartRows, type ChartSeries } from './line-chart';

const AXIS = { stroke: '#8d98a9', grid: { stroke: '#263142', width: 1 }, ticks: { stroke: '#263142' } };
const DAY = 86_400;

/**
 * Tick labels: the day ("Mar 3"), or the time when the chart spans less than two days (with seconds under ten
 * minutes); a label the tick before already says is left blank, so close points never read "8:15, 8:15, ...".
 */
function timeTicks(u: uPlot, splits: number[]): string[] {
  const [min = 0, max = 0] = [u.scales.x?.min, u.scales.x?.max];
  const span = max - min;
  const options: Intl.DateTimeFormatOptions =
    span >= 2 * DAY
      ? { month: 'short', day: 'numeric' }
      : span >= 600
        ? { hour: 'numeric', minute: '2-digit' }
        : { hour: 'numeric', minute: '2-digit', second: '2-digit' };
  const format = new Intl.DateTimeFormat(undefined, options);
  const labels = splits.map((v) => format.format(new Date(v * 1000)));
  return labels.map((label, i) => (i > 0 && label === labels[i - 1] ? '' : label));
}

function heightFor(width: number): number {
  return width < 480 ? 200 : 260;
}

export function ChartCanvas({ series }: { series: readonly ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const rows = chartRows(series);
    const data: uPlot.AlignedData = [
      rows.map((r) => Date.parse(r.x) / 1000),
      ...series.map((_, i) => rows.map((r) => r.values[i] ?? null)),
    ];
    const width = Math.max(element.clientWidth, 200);
    const chart = new uPlot(
      {
        width,
        height: heightFor(width),
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label,
            stroke: seriesColour(i),
            width: 2,
            spanGaps: true,
            points: { show: true, size: 5 },
          })),
        ],
        axes: [
          { ...AXIS, space: 80, values: timeTicks },
          { ...AXIS, size: 50 },
        ],
        // The wrapper draws the legend (and the table holds the values).
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => {
      const w = Math.max(element.clientWidth, 200);
      if (w !== chart.width) chart.setSize({ width: w, height: heightFor(w) });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [series]);
  return <div ref={box} className="line-chart-canvas" aria-hidden="true" />;
}
