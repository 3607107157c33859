import { describe, test } from '@jest/globals';
import { tagNamesDecider, type TagNameClaimed, type TagNameReleased } from '../../../src/domain/tag/names.js';
import { specFor } from '../spec.js';

const given = specFor(tagNamesDecider);
const now = '2026-11-01T00:00:00.000Z';
const claim = (tagId: string, name: string) => ({ type: 'ClaimTagName', data: { workspaceId: 'ws_1', tagId, name, now } }) as const;
const release = (tagId: string) => ({ type: 'ReleaseTagName', data: { workspaceId: 'ws_1', tagId, now } }) as const;
const claimed = (tagId: string, name: string): TagNameClaimed => ({ type: 'TagNameClaimed', data: { workspaceId: 'ws_1', tagId, name, claimedDate: now } });
const released = (tagId: string): TagNameReleased => ({ type: 'TagNameReleased', data: { workspaceId: 'ws_1', tagId, releasedDate: now } });

describe('tag names of a workspace', () => {
  test('a free name is claimed, trimmed', () => {
    given([]).when(claim('tg_1', ' Pricing ')).then([claimed('tg_1', 'Pricing')]);
  });

  test.each(['Pricing', 'pricing', ' PRICING '])('%j is taken once "Pricing" is', (name) => {
    given([claimed('tg_1', 'Pricing')])
      .when(claim('tg_2', name))
      .thenFailsValidation([{ path: 'name', code: 'custom', message: `A tag named "${name.trim()}" already exists in the workspace (names compare case-insensitively)` }]);
  });

  test('the same tag claiming its name again (a retried request) changes nothing', () => {
    given([claimed('tg_1', 'Pricing')]).when(claim('tg_1', 'Pricing')).then([]);
  });

  test('a deleted tag gives its name back', () => {
    given([claimed('tg_1', 'Pricing')]).when(release('tg_1')).then([released('tg_1')]);
    given([claimed('tg_1', 'Pricing'), released('tg_1')]).when(claim('tg_2', 'pricing')).then([claimed('tg_2', 'pricing')]);
  });

  test('releasing a name that is not held changes nothing', () => {
    given([claimed('tg_1', 'Pricing'), released('tg_1')]).when(release('tg_1')).then([]);
    given([]).when(release('tg_9')).then([]);
  });
});
