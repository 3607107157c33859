import { describe, test } from '@jest/globals';
import type { CreateBrandReport } from '../../../src/domain/brandReport/decide.js';
import { ConflictError } from '../../../src/domain/shared/errors.js';
import {
  acme,
  createdDate,
  given,
  globex,
  prompts,
  reportCreated,
  reportId,
  teamId,
  workspaceId,
} from './fixtures.js';

const create = (fields: Partial<CreateBrandReport['data']> = {}): CreateBrandReport => ({
  type: 'CreateBrandReport',
  data: { reportId, workspaceId, teamId, brand: 'Acme', brandDomain: 'acme.com', prompts, now: createdDate, ...fields },
});
const bare = {
  brand: 'Acme',
  brandVariations: [],
  brandDomain: 'acme.com',
  brandDomainVariations: [],
  brandDomainWildcard: false,
  brandRegex: null,
  competitors: [],
};

describe('create brand report', () => {
  test('a report with only brand and domain gets empty settings and the brand as title', () => {
    given([])
      .when(create({ brandDomain: 'https://www.Acme.com/' }))
      .then([{ ...reportCreated(bare), data: { ...reportCreated(bare).data, reportTitle: 'Acme' } }]);
  });

  test('a report with all its settings and prompts', () => {
    given([])
      .when(
        create({
          reportTitle: 'Acme in AI search',
          brandVariations: ['Acme Inc'],
          brandDomainVariations: ['acme.io'],
          competitors: [
            { brand: 'Globex', brandDomain: 'globex.com', brandVariations: ['Globex Corp'], brandDomainWildcard: true },
          ],
          promptIds: ['p_us', 'p_uk'],
        }),
      )
      .then([
        reportCreated({ ...acme, competitors: [globex] }, [
          { promptId: 'p_us', country: 'us' },
          { promptId: 'p_uk', country: 'uk' },
        ]),
      ]);
  });

  test('creation follows the PATCH limits and rules', () => {
    given([])
      .when(create({ brandVariations: ['Acme Inc'], brandRegex: 'acme' }))
      .thenFailsValidation([{ path: 'brandRegex', code: 'custom' }]);
    given([])
      .when(create({ brandDomain: 'acme' }))
      .thenFailsValidation([{ path: 'brandDomain', code: 'custom' }]);
  });

  test('a prompt of another workspace is refused at creation', () => {
    given([])
      .when(create({ promptIds: ['p_us', 'p_elsewhere'] }))
      .thenFailsValidation([{ path: 'promptIds.1', code: 'custom' }]);
  });

  test('creating the same report twice is a conflict', () => {
    given([reportCreated()]).when(create()).thenThrows(ConflictError);
  });
});
