/** Pure helpers of the administration screens (prompts, tags, API keys). */
import type { TAG_COLORS } from '../../../src/domain/tag/schema.js';

/** The prompts of a text area: one a line, surrounding spaces trimmed, blank lines dropped. */
export function promptLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Why a batch was refused at the limit, in the allocation's own figures (all or nothing). */
export function allocationRefusal(batchSize: number, used: number, max: number): string {
  const remaining = Math.max(0, max - used);
  const prompts = (count: number) => `${count} prompt${count === 1 ? '' : 's'}`;
  return `Your team uses ${used} of its ${max} prompts, so ${prompts(remaining)} can be added; this batch has ${batchSize}. Nothing was added: delete prompts or add fewer.`;
}

/** Display colours of the preset tag colour names (the hosted service's palette). */
export const PRESET_SWATCHES = {
  magenta: '#c41d7f',
  red: '#cf1322',
  volcano: '#d4380d',
  orange: '#d46b08',
  gold: '#d48806',
  lime: '#7cb305',
  green: '#389e0d',
  cyan: '#08979c',
  blue: '#0958d9',
  geekblue: '#1d39c4',
  purple: '#531dab',
} as const satisfies Record<PresetName, string>;

export type PresetName = (typeof TAG_COLORS)[number];

/** The colour a tag's swatch shows: a preset's display colour, or the tag's own hex colour. */
export function swatchOf(color: string): string {
  return color in PRESET_SWATCHES ? PRESET_SWATCHES[color as PresetName] : color;
}

/** How a key's workspaces read in the table, with the workspace names the page knows. */
export function scopeText(workspaceIds: string[] | 'all', names: ReadonlyMap<string, string>): string {
  if (workspaceIds === 'all') return 'All workspaces';
  return workspaceIds.map((id) => names.get(id) ?? id).join(', ');
}
