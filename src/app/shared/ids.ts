import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniformly random base62 text (randomInt avoids the bias of taking bytes modulo 62). */
export function randomBase62(length: number): string {
  let text = '';
  for (let index = 0; index < length; index++) text += BASE62[randomInt(BASE62.length)];
  return text;
}

export type IdKind = 'team' | 'workspace' | 'prompt' | 'tag' | 'report' | 'key' | 'user' | 'batch';
const ID_PREFIXES: Record<IdKind, string> = {
  team: 'tm',
  workspace: 'ws',
  prompt: 'pr',
  tag: 'tg',
  report: 'br',
  key: 'key',
  user: 'usr',
  batch: 'pb',
};

/** Opaque ids whose prefix tells a person what they are looking at. */
export const newId = (kind: IdKind): string => `${ID_PREFIXES[kind]}_${randomBase62(16)}`;
