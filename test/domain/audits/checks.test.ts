import { describe, expect, test } from '@jest/globals';
import { checkDecider } from '../../../src/domain/audits/decide.js';
import type { CheckOutcomeEvent, ContentFindings, CrawlabilityFindings } from '../../../src/domain/audits/events.js';
import { ConflictError } from '../../../src/domain/shared/errors.js';
import { specFor } from '../spec.js';

const given = specFor(checkDecider);
const now = '2026-11-15T10:00:05.000Z';

const crawlability: CrawlabilityFindings = {
  robotsTxtAnalysis: { GPTBot: false },
  robotsTxtAnalysisResult: false,
  contentSignals: { search: null, 'ai-input': null, 'ai-train': null },
  consequences: { GPTBot: { purpose: 'training', allowed: false, meaning: 'GPTBot may not fetch /.' } },
  serverBotAccess: { GPTBot: { userAgent: 'GPTBot/1.3', status: 200, ok: true } },
};

const content = { structuralAnalysis: {}, dynamicContent: {}, contentAnalysis: {} } as unknown as ContentFindings;

const completed: CheckOutcomeEvent = { type: 'CrawlabilityCheckCompleted', data: { checkId: 'cc_1', completedDate: now, ...crawlability } };
const failed: CheckOutcomeEvent = { type: 'ContentCheckFailed', data: { checkId: 'ct_1', completedDate: now, error: 'refused' } };

describe('a check records one outcome', () => {
  test('a pending crawlability check completes with its findings', () => {
    given([]).when({ type: 'CompleteCrawlabilityCheck', data: { checkId: 'cc_1', now, findings: crawlability } }).then([completed]);
  });

  test('a pending content check completes with its findings', () => {
    given([])
      .when({ type: 'CompleteContentCheck', data: { checkId: 'ct_1', now, findings: content } })
      .then([{ type: 'ContentCheckCompleted', data: { checkId: 'ct_1', completedDate: now, ...content } }]);
  });

  test.each([
    ['crawlability', 'CrawlabilityCheckFailed'],
    ['content', 'ContentCheckFailed'],
  ] as const)('a pending %s check fails with the error it shows', (kind, type) => {
    given([])
      .when({ type: 'FailCheck', data: { kind, checkId: 'c_1', now, error: 'robots.txt unreachable' } })
      .then([{ type, data: { checkId: 'c_1', completedDate: now, error: 'robots.txt unreachable' } }]);
  });

  test('a completed check cannot complete again: a second worker’s outcome is refused', () => {
    given([completed]).when({ type: 'CompleteCrawlabilityCheck', data: { checkId: 'cc_1', now, findings: crawlability } }).thenThrows(ConflictError, {
      message: 'Check cc_1 is already completed',
    });
  });

  test('a failed check cannot complete, nor a completed one fail', () => {
    given([failed]).when({ type: 'CompleteContentCheck', data: { checkId: 'ct_1', now, findings: content } }).thenThrows(ConflictError);
    given([completed]).when({ type: 'FailCheck', data: { kind: 'crawlability', checkId: 'cc_1', now, error: 'late' } }).thenThrows(ConflictError, {
      status: 409,
    });
  });

  test('the state folds to the outcome', () => {
    expect([completed].reduce(checkDecider.evolve, checkDecider.initialState())).toEqual({ status: 'completed' });
    expect([failed].reduce(checkDecider.evolve, checkDecider.initialState())).toEqual({ status: 'failed' });
    expect(checkDecider.initialState()).toEqual({ status: 'pending' });
  });
});
