import type { Collection, Doc } from '../../ports/documentStore.js';
import type { ReadModels } from '../runner/readModels.js';
import { AUDIT_COLLECTIONS } from './documents.js';
import { auditsProjection } from './projection.js';

export type { AuditDoc, ContentCheckDoc, CrawlabilityCheckDoc, QueryFanOutDoc } from './documents.js';

/** The three kinds of GEO audit, each a collection of the audits read model. */
export type AuditCollectionName = keyof typeof AUDIT_COLLECTIONS;

export const AUDIT_COLLECTION_NAMES = Object.keys(AUDIT_COLLECTIONS) as AuditCollectionName[];

/** The live version's audits of one kind. */
export const auditCollection = <T extends Doc = Doc>(readModels: ReadModels, name: AuditCollectionName): Promise<Collection<T>> =>
  readModels.collection<T>(auditsProjection, AUDIT_COLLECTIONS[name]);
