import type { CountryCode } from '../../../domain/shared/countries.js';
import type { EngineId } from '../../../domain/shared/engines.js';
import { newAuditId, requestGeoAudit } from '../geoAudits.js';
import type { OwnedByWorkspace } from '../../shared/principal.js';
import type { Services } from '../../shared/services.js';
import type { QueryFanOutCreated } from './resource.js';

export interface QueryFanOutInput {
  workspaceId: string;
  query: string;
  country: CountryCode;
  /** Distinct. */
  engines: EngineId[];
}

/** Requests a query fan-out; the worker runs it. Answers once an immediate read sees it pending. */
export async function createQueryFanOut(services: Services, workspace: OwnedByWorkspace, input: QueryFanOutInput): Promise<QueryFanOutCreated> {
  const fanOutId = newAuditId('queryFanOut');
  const { request, position } = await requestGeoAudit(services, workspace, (facts) => ({
    type: 'QueryFanOutRequested',
    data: { ...facts, fanOutId, query: input.query, country: input.country, engines: input.engines },
  }));
  await services.readYourWrites(position);
  return { id: fanOutId, workspaceId: input.workspaceId, query: input.query, status: 'pending', createdDate: request.data.createdDate };
}
