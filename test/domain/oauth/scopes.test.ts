import { describe, expect, test } from '@jest/globals';
import { grantedPermission, scopeWords, scopesOfPermission } from '../../../src/domain/oauth/scopes.js';
import type { Permission } from '../../../src/domain/shared/access.js';

describe('the permission of a token: the smaller of the user and the scopes', () => {
  test.each<[Permission, Array<'read' | 'write'>, Permission]>([
    ['write', ['read', 'write'], 'write'],
    ['write', ['write'], 'write'],
    ['write', ['read'], 'read'],
    ['read', ['read', 'write'], 'read'],
    ['read', ['read'], 'read'],
  ])('a %s user granting %j gets %s', (user, scopes, expected) => {
    expect(grantedPermission(user, scopes)).toBe(expected);
  });

  test('a permission reads back as the scopes it amounts to', () => {
    expect(scopesOfPermission('write')).toEqual(['read', 'write']);
    expect(scopesOfPermission('read')).toEqual(['read']);
  });

  test('scope words: absent, blank and doubled spaces give no empty words', () => {
    expect(scopeWords(undefined)).toEqual([]);
    expect(scopeWords('')).toEqual([]);
    expect(scopeWords('read  write')).toEqual(['read', 'write']);
  });
});
