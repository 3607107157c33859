import { describe, expect, test } from '@jest/globals';
import { visibleText } from '../../../src/domain/audits/index.js';

describe('visibleText', () => {
  test.each([
    ['collapses whitespace', '<p>  Hello \n\n  world\t! </p>', 'Hello world !'],
    ['separates blocks', '<h1>Title</h1><p>One</p><ul><li>a</li><li>b</li></ul>', 'Title One a b'],
    ['keeps inline elements inline', '<p>Acme<b>CRM</b> <a href="/">docs</a></p>', 'AcmeCRM docs'],
    ['leaves out scripts, styles and templates', '<p>shown</p><script>var hidden = 1</script><style>p{}</style><template><p>t</p></template>', 'shown'],
    ['leaves out the head', '<html><head><title>Title</title></head><body><p>body</p></body></html>', 'body'],
    ['leaves out hidden elements', '<p hidden>a</p><p style="display: none">b</p><p style="color:red; visibility:hidden">c</p><p>d</p>', 'd'],
    ['is empty for a page without text', '<div id="root"></div>', ''],
  ])('%s', (_name, html, text) => {
    expect(visibleText(html, false)).toBe(text);
  });

  test('shows noscript content only to a reader without JavaScript', () => {
    const html = '<noscript>Enable JavaScript</noscript><div id="root">App</div>';
    expect(visibleText(html, false)).toBe('Enable JavaScript App');
    expect(visibleText(html, true)).toBe('App');
  });
});
