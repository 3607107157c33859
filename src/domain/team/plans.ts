export const PLANS = ['trial', 'lite', 'standard', 'premium', 'custom'] as const;
export type Plan = (typeof PLANS)[number];

/** Quotas per billing period; `mcpRequestsMax: null` means unlimited and `0` disables MCP. */
export interface PlanLimits {
  promptsMax: number;
  geoAuditsMax: number;
  apiRequestsMax: number;
  mcpRequestsMax: number | null;
}

const premiumLimits: PlanLimits = {
  promptsMax: 1_000,
  geoAuditsMax: 200,
  apiRequestsMax: 200_000,
  mcpRequestsMax: 20_000,
};

/**
 * Quotas a plan starts with. The hosted API publishes no numbers; these grow with the tier, and `custom`
 * starts from `premium` because custom plans are negotiated upward from the largest standard tier.
 */
export const planDefaults: Readonly<Record<Plan, Readonly<PlanLimits>>> = {
  trial: { promptsMax: 50, geoAuditsMax: 10, apiRequestsMax: 1_000, mcpRequestsMax: 100 },
  lite: { promptsMax: 100, geoAuditsMax: 25, apiRequestsMax: 10_000, mcpRequestsMax: 1_000 },
  standard: { promptsMax: 300, geoAuditsMax: 50, apiRequestsMax: 50_000, mcpRequestsMax: 5_000 },
  premium: premiumLimits,
  custom: premiumLimits,
};
