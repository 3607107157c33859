import { describe, expect, test } from '@jest/globals';
import { allocationRefusal, PRESET_SWATCHES, promptLines, scopeText, swatchOf } from '../../web/src/lib/admin.js';

describe('promptLines', () => {
  test('one prompt a line, trimmed, blank lines dropped, Windows line ends too', () => {
    expect(promptLines('  best crm \r\n\n\ncrm for agencies\n   \n')).toEqual(['best crm', 'crm for agencies']);
  });
});

describe('allocationRefusal', () => {
  test('says what is used, what remains and the batch size', () => {
    expect(allocationRefusal(5, 2, 3)).toBe('Your team uses 2 of its 3 prompts, so 1 prompt can be added; this batch has 5. Nothing was added: delete prompts or add fewer.');
  });
  test('never says a negative number remains when usage is over a lowered limit', () => {
    expect(allocationRefusal(1, 12, 10)).toContain('so 0 prompts can be added');
  });
});

describe('swatchOf', () => {
  test.each(Object.entries(PRESET_SWATCHES))('the preset %s shows its display colour', (name, hex) => {
    expect(swatchOf(name)).toBe(hex);
  });
  test('a hex colour shows as itself', () => {
    expect(swatchOf('#0a0')).toBe('#0a0');
  });
});

describe('scopeText', () => {
  test('names the workspaces it knows and keeps the ids of the others', () => {
    expect(scopeText('all', new Map())).toBe('All workspaces');
    expect(scopeText(['ws_1', 'ws_2'], new Map([['ws_1', 'Main']]))).toBe('Main, ws_2');
  });
});
