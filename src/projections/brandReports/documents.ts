import {
  countryPromptsTotal,
  reportCountries,
  type ActiveBrandReport,
} from '../../domain/brandReport/events.js';
import type { Doc } from '../../ports/documentStore.js';

/**
 * One brand report as the list and detail endpoints read it: the decider's state (so the read model and the
 * write side can never disagree on a field) plus what is derived from the assigned prompts.
 */
export interface BrandReportDoc extends Doc, Omit<ActiveBrandReport, 'status' | 'reportId'> {
  countries: string[];
  countryPromptsTotal: Record<string, number>;
}

export const BRAND_REPORT_COLLECTIONS = { reports: 'reports' } as const;

export function reportDocument(report: ActiveBrandReport): BrandReportDoc {
  const { status: _status, reportId, ...fields } = report;
  return { _id: reportId, ...fields, countries: reportCountries(report), countryPromptsTotal: countryPromptsTotal(report) };
}

export function reportState(document: BrandReportDoc): ActiveBrandReport {
  const { _id, countries: _countries, countryPromptsTotal: _totals, ...fields } = document;
  return { status: 'active', reportId: _id, ...fields };
}
