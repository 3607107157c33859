/** Turns the API's per-day histories into chart series: one per brand, one point per day of the history. */
export interface ChartSeries {
  label: string;
  values: (number | null)[];
}

export interface ChartData {
  days: string[];
  series: ChartSeries[];
}

export interface DayPoint {
  date: string;
  brand: string;
  value: number | null;
}

/** Brands in the order they first appear; a day a brand has no point is null (a gap, not a zero). */
export function chartData(points: readonly DayPoint[]): ChartData {
  const days = [...new Set(points.map((point) => point.date))].sort();
  const brands = [...new Set(points.map((point) => point.brand))];
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  const series = brands.map((label) => ({ label, values: days.map(() => null as number | null) }));
  for (const point of points) {
    const target = series[brands.indexOf(point.brand)];
    const index = dayIndex.get(point.date);
    if (target && index !== undefined) target.values[index] = point.value;
  }
  return { days, series };
}

/** An SVG path through the values, scaled into a width × height box (the reports list's small trend). */
export function sparklinePath(values: readonly number[], width: number, height: number, max: number): string {
  if (values.length === 0) return '';
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const y = (value: number) => height - (max > 0 ? (Math.min(value, max) / max) * height : 0);
  return values.map((value, index) => `${index === 0 ? 'M' : 'L'}${(index * step).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
}
