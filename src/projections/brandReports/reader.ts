import type { Collection } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { BRAND_REPORT_COLLECTIONS, type BrandReportDoc } from './documents.js';
import { brandReportsProjection } from './projection.js';

export { reportState, type BrandReportDoc } from './documents.js';
export type { ReportDetail, ReportTag } from './reportsInMemory.js';

/** The live version's brand reports, one document per active report. */
export const brandReportCollection = (readModels: ReadModels): Promise<Collection<BrandReportDoc>> =>
  readModels.collection<BrandReportDoc>(brandReportsProjection, BRAND_REPORT_COLLECTIONS.reports);
