import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { stackValues } from '../lib/agentQuery.js';
import type { ChartData } from '../lib/series.js';
import { epochOf, Legend, PALETTE, toggled } from './Chart.js';

const HEIGHT = 240;

/** The top of the stack is drawn first, so each lower area paints over the one above it down to zero. */
function plotOf(data: ChartData, hidden: ReadonlySet<number>, element: HTMLElement): uPlot {
  const stacked = stackValues(data, hidden);
  const order = data.series.map((_, index) => index).reverse();
  const options: uPlot.Options = {
    width: Math.max(element.clientWidth, 280),
    height: HEIGHT,
    legend: { show: false },
    scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(max, 1)] } },
    axes: [{}, { size: 56 }],
    series: [
      {},
      ...order.map((index) => ({ label: data.series[index]?.label ?? '', stroke: PALETTE[index % PALETTE.length], fill: PALETTE[index % PALETTE.length], show: !hidden.has(index) })),
    ],
  };
  return new uPlot(options, [data.days.map(epochOf), ...order.map((index) => stacked[index] ?? [])], element);
}

/**
 * Visits per day stacked by series (engines or agents), drawn by uPlot, with a legend of buttons that show and
 * hide each series; the element carries the chart's shape (series and points) for tests and screen readers.
 */
export function StackedChart({ title, data }: { title: string; data: ChartData }) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => setHidden(new Set()), [data]);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = plotOf(data, hidden, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, hidden]);
  const toggle = (index: number) => setHidden(toggled(hidden, index));
  return (
    <figure class="chart" data-chart={title} data-series-count={data.series.length} data-point-count={data.days.length}>
      <figcaption>{title}</figcaption>
      <Legend title={title} data={data} hidden={hidden} toggle={toggle} />
      <div ref={box} class="plot" role="img" aria-label={`${title}: ${data.series.length} series stacked over ${data.days.length} days`} />
    </figure>
  );
}
