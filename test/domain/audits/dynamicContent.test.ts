import { describe, expect, test } from '@jest/globals';
import { compareDynamicContent, detectBotChallenge } from '../../../src/domain/audits/index.js';
import { CHALLENGE_PAGE } from '../../support/fixtureSites/pages.js';

const views = (staticText: string, dynamicText: string, status = 200, html = '<p>page</p>', headers: Record<string, string> = {}) => ({
  staticText,
  dynamicText,
  staticAnswer: { status, html, headers },
  crawlerName: 'ChatGPT-User',
});

describe('compareDynamicContent', () => {
  test.each([
    ['the same text', 'a'.repeat(50), 'a'.repeat(50), 100],
    ['half the text without JavaScript', 'a'.repeat(50), 'a'.repeat(100), 50],
    ['a quarter', 'a'.repeat(25), 'a'.repeat(100), 25],
    ['no text without JavaScript', '', 'a'.repeat(100), 0],
    ['more text without JavaScript', 'a'.repeat(120), 'a'.repeat(100), 100],
    ['no text at all', '', '', 100],
    ['text only without JavaScript', 'a'.repeat(10), '', 100],
  ])('%s: score %i', (_name, staticText, dynamicText, score) => {
    const result = compareDynamicContent(views(staticText, dynamicText));
    expect(result).toMatchObject({ score, staticLength: staticText.length, dynamicLength: dynamicText.length, isPotentiallyBlocked: false });
  });

  test('keeps the score unrounded: 100 × static / dynamic', () => {
    expect(compareDynamicContent(views('a', 'aaa')).score).toBeCloseTo(100 / 3, 10);
  });

  test.each([
    [
      'no text without JavaScript',
      '',
      'a'.repeat(1200),
      'Without JavaScript the page shows no text at all; all 1,200 characters appear only once scripts run.',
    ],
    [
      'part of the text',
      'a'.repeat(300),
      'a'.repeat(1200),
      'Without JavaScript the page shows 300 characters, 25% of the 1,200 characters shown with JavaScript; crawlers that run no scripts miss the rest.',
    ],
    ['nearly all', 'a'.repeat(95), 'a'.repeat(100), 'Nearly all the visible text is there without JavaScript: 95 characters, 95% of the 100 characters shown with JavaScript.'],
    ['all', 'a'.repeat(100), 'a'.repeat(100), 'All the visible text is there without JavaScript (100 characters static, 100 characters rendered).'],
    ['nothing', '', '', 'The page shows no visible text, with or without JavaScript.'],
  ])('describes %s', (_name, staticText, dynamicText, description) => {
    expect(compareDynamicContent(views(staticText, dynamicText)).differenceDescription).toBe(description);
  });

  test.each([401, 403, 429, 503])('marks a static fetch answered %i as potentially blocked, and says so', (status) => {
    const result = compareDynamicContent(views('Forbidden', 'Forbidden', status));
    expect(result.isPotentiallyBlocked).toBe(true);
    expect(result.differenceDescription).toContain(`Fetched as ChatGPT-User, the page was answered ${status}`);
  });

  test.each([200, 404, 410, 500])('does not mark a static fetch answered %i as blocked by its status', (status) => {
    expect(compareDynamicContent(views('text', 'text', status)).isPotentiallyBlocked).toBe(false);
  });

  test('marks a bot-challenge page answered 200 as potentially blocked, quoting the marker', () => {
    const result = compareDynamicContent(views('Enable JavaScript and cookies to continue', '', 200, CHALLENGE_PAGE));
    expect(result.isPotentiallyBlocked).toBe(true);
    expect(result.differenceDescription).toContain('the page is a Cloudflare bot challenge (found "<title>Just a moment...</title>")');
  });
});

describe('detectBotChallenge', () => {
  test.each([
    ['Cloudflare', '<html><head><title>Just a moment...</title></head></html>'],
    ['Cloudflare', '<html><head><title>Attention Required! | Cloudflare</title></head></html>'],
    ['Cloudflare', '<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1"></script>'],
    ['Cloudflare', '<p>Checking your browser before accessing acme.test.</p>'],
    ['DataDome', '<script src="https://ct.captcha-delivery.com/c.js"></script>'],
    ['HUMAN (PerimeterX)', '<div id="px-captcha"></div>'],
    ['Imperva (Incapsula)', '<iframe src="/_Incapsula_Resource?CWUDNSAI=1"></iframe>'],
    ['Akamai', '<html><head><title>Access Denied</title></head><body>You don\'t have permission. Reference #18.2f3c</body></html>'],
    ['AWS WAF', '<script>window.awsWafCookieDomainList = [];window.gokuProps = {}</script>'],
    ['Sucuri', '<title>Sucuri WebSite Firewall - Access Denied</title>'],
    ['Vercel', '<title>Vercel Security Checkpoint</title>'],
    ['DDoS-Guard', '<title>DDoS-Guard</title>'],
    ['Anubis', '<title>Making sure you&#39;re not a bot!</title>'],
  ])('recognizes a %s challenge', (vendor, html) => {
    expect(detectBotChallenge(html)?.vendor).toBe(vendor);
  });

  test('recognizes the cf-mitigated: challenge header whatever the markup', () => {
    expect(detectBotChallenge('<p>x</p>', { 'cf-mitigated': 'challenge' })).toEqual({ vendor: 'Cloudflare', marker: 'cf-mitigated: challenge' });
  });

  test.each([
    '<title>Acme CRM pricing</title><p>Just a moment of your time: our plans start at $25.</p>',
    '<form><div class="g-recaptcha" data-sitekey="x"></div></form>',
    '<title>Access Denied</title><p>Log in to see this page.</p>',
  ])('does not take an ordinary page for a challenge: %s', (html) => {
    expect(detectBotChallenge(html)).toBeNull();
  });
});
