import type { ValidationIssue } from '../shared/errors.js';
import { isDeepStrictEqual } from 'node:util';
import { parseOrThrow, validationFailed } from '../shared/zodIssues.js';
import {
  DETECTION_FIELDS,
  isDetectionField,
  reportPromptIds,
  type ActiveBrandReport,
  type BrandReportEvent,
  type DetectionSettings,
} from './events.js';
import { promptsAssigned, promptsUnassigned, resolveNewPrompts, type PromptsContext } from './promptAssignment.js';
import {
  brandReportPatchSchema,
  domainVariationMessage,
  READ_ONLY_FIELDS,
  REGEX_WITH_VARIATIONS,
  type BrandReportPatch,
} from './schema.js';

export interface ReportUpdate {
  patch: unknown;
  prompts: PromptsContext;
  now: string;
}

/**
 * The report PATCH rules. Fields sent with their stored value are dropped before validation
 * (rule 3), so a GET body sent back unchanged passes even when stored data predates today's limits.
 * All issues are reported together; nothing is emitted unless the whole patch is valid.
 */
export function decideUpdate(
  { patch: body, prompts, now }: ReportUpdate,
  report: ActiveBrandReport,
): BrandReportEvent[] {
  const patch = parseOrThrow(brandReportPatchSchema, fieldsToValidate(body, report));
  const promptChange = promptChanges(patch.promptIds, report, prompts, now);
  const issues = [...conflictsWithStored(patch, report), ...promptChange.issues];
  if (issues.length > 0) throw validationFailed(issues);
  return [...titleChange(patch, report, now), ...detectionChange(patch, report, now), ...promptChange.events];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rules 3, 4 and 5: read-only fields (the workspace among them) and unchanged fields are not looked at. */
function fieldsToValidate(body: unknown, report: ActiveBrandReport): unknown {
  if (!isPlainObject(body)) return body;
  const sentFields = Object.entries(body).filter(
    ([field, value]) => !READ_ONLY_FIELDS.has(field) && !isStoredValue(report, field, value),
  );
  return Object.fromEntries(sentFields);
}

function isStoredValue(report: ActiveBrandReport, field: string, value: unknown): boolean {
  if (field === 'promptIds') return isSameIdSet(value, reportPromptIds(report));
  if (field === 'reportTitle') return value === report.reportTitle;
  return isDetectionField(field) && isDeepStrictEqual(value, report[field]);
}

/** Prompt order carries no meaning, so a reordered echo of `promptIds` is the stored value too. */
function isSameIdSet(value: unknown, storedIds: string[]): boolean {
  if (!Array.isArray(value) || value.length !== storedIds.length) return false;
  const stored = new Set(storedIds);
  return new Set(value).size === stored.size && value.every((id) => stored.has(id));
}

/**
 * The schema checks pairs of fields sent together; here a sent field meets its stored partner. A pair where
 * neither field was sent is stored data and is not re-validated (rule 3).
 */
function conflictsWithStored(patch: BrandReportPatch, report: ActiveBrandReport): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const settingRegex = typeof patch.brandRegex === 'string' && patch.brandVariations === undefined;
  if (settingRegex && report.brandVariations.length > 0) {
    issues.push({ path: 'brandRegex', message: REGEX_WITH_VARIATIONS, code: 'custom' });
  }
  const settingVariations = (patch.brandVariations?.length ?? 0) > 0 && patch.brandRegex === undefined;
  if (settingVariations && report.brandRegex !== null) {
    issues.push({ path: 'brandVariations', message: REGEX_WITH_VARIATIONS, code: 'custom' });
  }
  if (patch.brandDomain === undefined) {
    patch.brandDomainVariations?.forEach((variation, index) => {
      if (variation !== report.brandDomain) return;
      const message = domainVariationMessage(variation);
      issues.push({ path: `brandDomainVariations.${index}`, message, code: 'custom' });
    });
  } else if (patch.brandDomainVariations === undefined && report.brandDomainVariations.includes(patch.brandDomain)) {
    const message = `brandDomain must differ from the report's domain variations, which hold "${patch.brandDomain}"`;
    issues.push({ path: 'brandDomain', message, code: 'custom' });
  }
  return issues;
}

function titleChange(patch: BrandReportPatch, report: ActiveBrandReport, now: string): BrandReportEvent[] {
  const { reportTitle } = patch;
  if (reportTitle === undefined || reportTitle === report.reportTitle) return [];
  return [{ type: 'BrandReportTitleChanged', data: { reportId: report.reportId, reportTitle, changedDate: now } }];
}

/** Rules 1, 2 and 6: sent fields replace stored ones whole; any effective change marks the detection change. */
function detectionChange(patch: BrandReportPatch, report: ActiveBrandReport, now: string): BrandReportEvent[] {
  const detection = withDetectionFields(report, patch);
  const changedFields = DETECTION_FIELDS.filter((field) => !isDeepStrictEqual(detection[field], report[field]));
  if (changedFields.length === 0) return [];
  return [
    {
      type: 'BrandReportDetectionChanged',
      data: { reportId: report.reportId, detection, changedFields, changedDate: now },
    },
  ];
}

export function withDetectionFields(base: DetectionSettings, fields: Partial<DetectionSettings>): DetectionSettings {
  return {
    brand: fields.brand ?? base.brand,
    brandVariations: fields.brandVariations ?? base.brandVariations,
    brandDomain: fields.brandDomain ?? base.brandDomain,
    brandDomainVariations: fields.brandDomainVariations ?? base.brandDomainVariations,
    brandDomainWildcard: fields.brandDomainWildcard ?? base.brandDomainWildcard,
    brandRegex: fields.brandRegex === undefined ? base.brandRegex : fields.brandRegex,
    competitors: fields.competitors ?? base.competitors,
  };
}

/** Rule 7: the same events as the prompt assignment endpoints. */
function promptChanges(
  sentIds: string[] | undefined,
  report: ActiveBrandReport,
  context: PromptsContext,
  now: string,
): { events: BrandReportEvent[]; issues: ValidationIssue[] } {
  if (sentIds === undefined) return { events: [], issues: [] };
  const current = reportPromptIds(report);
  const { added, issues } = resolveNewPrompts(sentIds, report.workspaceId, new Set(current), context);
  const kept = new Set(sentIds);
  const removed = current.filter((promptId) => !kept.has(promptId));
  const events = [...promptsUnassigned(report.reportId, removed, now), ...promptsAssigned(report.reportId, added, now)];
  return { events, issues };
}
