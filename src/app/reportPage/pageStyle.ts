/**
 * The page's one stylesheet; `accent` is the workspace's colour (`#rrggbb`, checked when it was saved). Printed,
 * the page is A4, and no card, chart or table row is cut by a page break.
 */
export function pageStyle(accent: string): string {
  return `
:root { --accent: ${accent}; --ink: #1d2433; --muted: #5a6478; --line: #d9dee8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f6f7fa; }
header { display: flex; align-items: center; gap: 16px; padding: 18px 28px; background: #fff; border-bottom: 4px solid var(--accent); }
header img { max-height: 48px; max-width: 160px; }
header .agency { margin: 0; font-weight: 600; }
header h1 { margin: 0; font-size: 22px; }
header p { margin: 2px 0 0; color: var(--muted); }
main { max-width: 1180px; margin: 0 auto; padding: 20px 28px 40px; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 14px; }
.card, .panel { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; break-inside: avoid; page-break-inside: avoid; }
.card h2 { margin: 0 0 4px; font-size: 14px; color: var(--muted); font-weight: 600; }
.card .figure { margin: 0; font-size: 28px; font-weight: 700; }
.card .detail { margin: 4px 0 0; color: var(--muted); font-size: 13px; }
.panel { margin-top: 18px; }
.panel h2 { margin: 0 0 10px; font-size: 17px; }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { color: var(--muted); font-weight: 600; }
td.number, th.number { text-align: right; white-space: nowrap; }
tr { break-inside: avoid; page-break-inside: avoid; }
tr.main th { box-shadow: inset 4px 0 0 var(--accent); padding-left: 10px; }
svg { display: block; width: 100%; height: auto; }
.legend { display: flex; flex-wrap: wrap; gap: 12px; margin: 8px 0 0; padding: 0; list-style: none; font-size: 13px; }
.legend li::before { content: ""; display: inline-block; width: 12px; height: 3px; margin-right: 6px; vertical-align: middle; background: var(--series); }
.chart polyline { fill: none; stroke: var(--series); stroke-width: 2; }
.chart line { stroke: var(--line); }
.chart text { fill: var(--muted); font-size: 11px; }
.s0 { --series: var(--accent); } .s1 { --series: #d9822b; } .s2 { --series: #3b8e5a; } .s3 { --series: #8c5bd6; } .s4 { --series: #c2414b; } .s5 { --series: #5f7183; }
footer { max-width: 1180px; margin: 0 auto; padding: 0 28px 28px; color: var(--muted); font-size: 12px; }
@media (max-width: 600px) {
  header, main, footer { padding-left: 12px; padding-right: 12px; }
  header { flex-wrap: wrap; }
  .card .figure { font-size: 24px; }
  .panel { padding: 10px; }
  table { font-size: 13px; }
  th, td { padding: 5px 4px; }
  td.number, th.number { white-space: normal; }
}
@page { size: A4; margin: 12mm; }
@media print {
  body { background: #fff; font-size: 12px; }
  header { padding: 0 0 10px; }
  main, footer { max-width: none; padding: 12px 0 0; }
  .cards { grid-template-columns: repeat(3, 1fr); }
  thead { display: table-header-group; }
}
`;
}
