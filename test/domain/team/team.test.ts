import { describe, expect, test } from '@jest/globals';
import { teamDecider, type SetTeamPlan } from '../../../src/domain/team/decide.js';
import type { TeamCreated, TeamPlanChanged } from '../../../src/domain/team/events.js';
import { PLANS, planDefaults } from '../../../src/domain/team/plans.js';
import { foldEvents } from '../../../src/domain/shared/decider.js';
import { ConflictError, NotFoundError } from '../../../src/domain/shared/errors.js';
import { specFor, unchecked } from '../spec.js';

const given = specFor(teamDecider);
const teamId = 'team_1';
const createdDate = '2025-01-01T00:00:00.000Z';
const now = '2025-03-01T00:00:00.000Z';

const teamCreated: TeamCreated = {
  type: 'TeamCreated',
  data: { teamId, name: 'Acme Corp', plan: 'trial', limits: { ...planDefaults.trial }, createdDate },
};
const setPlan = (fields: Omit<SetTeamPlan['data'], 'teamId' | 'now'>): SetTeamPlan => ({
  type: 'SetTeamPlan',
  data: { teamId, now, ...fields },
});
const planChanged = (data: Omit<TeamPlanChanged['data'], 'teamId' | 'changedDate'>): TeamPlanChanged => ({
  type: 'TeamPlanChanged',
  data: { teamId, changedDate: now, ...data },
});

describe('plan defaults', () => {
  test('every plan has defaults, growing from trial to premium', () => {
    const tiers = (['trial', 'lite', 'standard', 'premium'] as const).map((plan) => planDefaults[plan]);
    tiers.forEach((limits, index) => {
      const next = tiers[index + 1];
      if (next === undefined) return;
      expect(next.promptsMax).toBeGreaterThan(limits.promptsMax);
      expect(next.geoAuditsMax).toBeGreaterThan(limits.geoAuditsMax);
      expect(next.apiRequestsMax).toBeGreaterThan(limits.apiRequestsMax);
    });
    expect(Object.keys(planDefaults).sort()).toEqual([...PLANS].sort());
  });

  test('custom starts from premium', () => {
    expect(planDefaults.custom).toEqual(planDefaults.premium);
  });

  test('trial has the documented example quotas', () => {
    expect(planDefaults.trial).toEqual({
      promptsMax: 50,
      geoAuditsMax: 10,
      apiRequestsMax: 1_000,
      mcpRequestsMax: 100,
    });
  });
});

describe('create team', () => {
  test('a new team gets the limits of its plan', () => {
    given([])
      .when({ type: 'CreateTeam', data: { teamId, name: '  Acme Corp ', plan: 'trial', now: createdDate } })
      .then([teamCreated]);
  });

  test('creating the same team twice is a conflict', () => {
    given([teamCreated])
      .when({ type: 'CreateTeam', data: { teamId, name: 'Acme Corp', plan: 'trial', now } })
      .thenThrows(ConflictError);
  });

  test('a blank name is refused', () => {
    given([])
      .when({ type: 'CreateTeam', data: { teamId, name: '   ', plan: 'lite', now } })
      .thenFailsValidation([{ path: 'name', code: 'too_small' }]);
  });

  test('an unknown plan is refused', () => {
    given([])
      .when(unchecked({ type: 'CreateTeam', data: { teamId, name: 'Acme', plan: 'gold', now } }))
      .thenFailsValidation([{ path: 'plan', code: 'invalid_value' }]);
  });
});

describe('set plan', () => {
  test('setting the plan of an unknown team is not found', () => {
    given([]).when(setPlan({ plan: 'lite' })).thenThrows(NotFoundError);
  });

  test('a new plan without overrides takes that plan’s default limits', () => {
    given([teamCreated])
      .when(setPlan({ plan: 'standard' }))
      .then([planChanged({ plan: 'standard', limits: { ...planDefaults.standard }, subscriptionEndDate: null })]);
  });

  test('a custom plan starts from premium and applies the overrides; null MCP requests means unlimited', () => {
    given([teamCreated])
      .when(setPlan({ plan: 'custom', promptsMax: 5_000, mcpRequestsMax: null, subscriptionEndDate: '2026-01-31' }))
      .then([
        planChanged({
          plan: 'custom',
          limits: { ...planDefaults.premium, promptsMax: 5_000, mcpRequestsMax: null },
          subscriptionEndDate: '2026-01-31',
        }),
      ]);
  });

  test('re-sending the current plan keeps the limits negotiated earlier', () => {
    const custom = planChanged({
      plan: 'custom',
      limits: { ...planDefaults.premium, promptsMax: 5_000 },
      subscriptionEndDate: '2026-01-31',
    });
    given([teamCreated, custom])
      .when(setPlan({ plan: 'custom', geoAuditsMax: 999 }))
      .then([
        planChanged({
          plan: 'custom',
          limits: { ...planDefaults.premium, promptsMax: 5_000, geoAuditsMax: 999 },
          subscriptionEndDate: '2026-01-31',
        }),
      ]);
  });

  test('a null end date removes it; 0 MCP requests disables MCP', () => {
    const withEnd = planChanged({ plan: 'lite', limits: { ...planDefaults.lite }, subscriptionEndDate: '2026-01-31' });
    given([teamCreated, withEnd])
      .when(setPlan({ plan: 'lite', subscriptionEndDate: null, mcpRequestsMax: 0 }))
      .then([
        planChanged({ plan: 'lite', limits: { ...planDefaults.lite, mcpRequestsMax: 0 }, subscriptionEndDate: null }),
      ]);
  });

  test('setting what is already set changes nothing', () => {
    given([teamCreated]).when(setPlan({ plan: 'trial', promptsMax: 50 })).then([]);
  });

  test('the plan change carries limits and plan only, never usage', () => {
    const state = foldEvents(teamDecider, [teamCreated]);
    const [event] = teamDecider.decide(setPlan({ plan: 'premium' }), state);
    expect(Object.keys(event?.data ?? {}).sort()).toEqual([
      'changedDate',
      'limits',
      'plan',
      'subscriptionEndDate',
      'teamId',
    ]);
  });

  test.each([
    [{ plan: 'lite' as const, promptsMax: -1 }, 'promptsMax', 'too_small'],
    [{ plan: 'lite' as const, apiRequestsMax: 1.5 }, 'apiRequestsMax', 'invalid_type'],
    [{ plan: 'lite' as const, subscriptionEndDate: '2026-02-30' }, 'subscriptionEndDate', 'invalid_format'],
    [{ plan: 'lite' as const, subscriptionEndDate: '31/01/2026' }, 'subscriptionEndDate', 'invalid_format'],
  ])('%j is refused at %s with %s', (fields, path, code) => {
    given([teamCreated]).when(setPlan(fields)).thenFailsValidation([{ path, code }]);
  });
});
