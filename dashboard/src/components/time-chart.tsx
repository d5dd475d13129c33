/**
 * A line chart of daily figures drawn by uPlot (a canvas; its few styles are set through the CSSOM, which
 * the CSP allows, and its stylesheet is a file), always with a table alternative of the same numbers
 * for screen readers and anyone who prefers one. The canvas itself is hidden from assistive
 * technology: the table carries the data.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { TableScroll } from './table-scroll.tsx';

export type Series = { label: string; values: number[]; color: string };

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

export function TimeChart({ title, dates, series }: { title: string; dates: string[]; series: Series[] }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    const fg = cssVar('--fg') || '#1b1f24';
    const grid = cssVar('--border') || '#d0d7de';
    const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const x = dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          {
            ...axis,
            // Whole days only (a daily series has no hours), written MM-DD in UTC.
            incrs: [86400, 2 * 86400, 7 * 86400, 14 * 86400, 30 * 86400],
            values: (_u, splits) => splits.map((s) => new Date(s * 1000).toISOString().slice(5, 10)),
          },
          axis,
        ],
        series: [
          {},
          ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: false } })),
        ],
      },
      [x, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(280, el.clientWidth), height: 240 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [dates, series]);
  return (
    <figure className="chart card">
      <figcaption>
        <h2>{title}</h2>
      </figcaption>
      <div ref={holder} className="chart-canvas" aria-hidden="true" />
      <details>
        <summary>Table: {title.toLowerCase()}</summary>
        <TableScroll label={`Table: ${title}`}>
          <table>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                {series.map((s) => (
                  <th scope="col" key={s.label}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dates.map((date, i) => (
                <tr key={date}>
                  <th scope="row">{date}</th>
                  {series.map((s) => (
                    <td key={s.label}>{s.values[i]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
