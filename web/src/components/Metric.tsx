/**
 * One figure of an API answer: `data-metric` is its dotted path in the answer read
 * from `data-source`, `data-value` its raw value, the text its formatted value.
 */
export function Metric({ path, value, text }: { path: string; value: number | string | null; text: string }) {
  return (
    <span data-metric={path} data-value={value === null ? 'null' : String(value)}>
      {text}
    </span>
  );
}

/** A figure the page computes itself, naming the inputs it is computed from. */
export function Derived({ from, text, class: className }: { from: string; text: string; class?: string }) {
  return (
    <span data-derived={from} class={className}>
      {text}
    </span>
  );
}
