import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from '../lib/series.js';

export const PALETTE = ['#1f5fbf', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490', '#a16207', '#4d7c0f'];

export const epochOf = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;

function options(data: ChartData, width: number, unit: string): uPlot.Options {
  return {
    width,
    height: 240,
    legend: { show: false },
    scales: { x: { time: true }, y: { range: (_plot, min, max) => [Math.min(0, min), Math.max(max, 1)] } },
    axes: [{}, { values: (_plot, ticks) => ticks.map((tick) => `${tick}${unit}`), size: 56 }],
    series: [{}, ...data.series.map((series, index) => ({ label: series.label, stroke: PALETTE[index % PALETTE.length], width: 2, spanGaps: false }))],
  };
}

/** `hidden` with `index` shown if it was hidden, hidden if it was shown. */
export function toggled(hidden: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(hidden);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}

/** A chart's legend: a button per series that shows or hides it, its pressed state saying which. */
export function Legend({ title, data, hidden, toggle }: { title: string; data: ChartData; hidden: ReadonlySet<number>; toggle: (index: number) => void }) {
  return (
    <div class="legend" role="group" aria-label={`Series of ${title}`}>
      {data.series.map((series, index) => (
        <button type="button" key={series.label} class="legend-item" aria-pressed={!hidden.has(index)} data-series={series.label} onClick={() => toggle(index)}>
          <span class="swatch" style={{ background: PALETTE[index % PALETTE.length] }} aria-hidden="true" />
          {series.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A line per series over the days, drawn by uPlot, with a legend of buttons that show and hide each series.
 * The element carries the chart's shape (series and points) for tests and screen readers alike.
 */
export function Chart({ title, data, unit = '' }: { title: string; data: ChartData; unit?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const aligned: uPlot.AlignedData = [data.days.map(epochOf), ...data.series.map((series) => series.values)];
    plot.current = new uPlot(options(data, Math.max(element.clientWidth, 280), unit), aligned, element);
    const resize = new ResizeObserver(() => plot.current?.setSize({ width: Math.max(element.clientWidth, 280), height: 240 }));
    resize.observe(element);
    setHidden(new Set());
    return () => {
      resize.disconnect();
      plot.current?.destroy();
    };
  }, [data, unit]);
  const toggle = (index: number) => {
    const next = toggled(hidden, index);
    plot.current?.setSeries(index + 1, { show: !next.has(index) });
    setHidden(next);
  };
  const summary = `${title}: ${data.series.length} series over ${data.days.length} days`;
  return (
    <figure class="chart" data-chart={title} data-series-count={data.series.length} data-point-count={data.days.length}>
      <figcaption>{title}</figcaption>
      <Legend title={title} data={data} hidden={hidden} toggle={toggle} />
      <div ref={box} class="plot" role="img" aria-label={summary} />
    </figure>
  );
}
