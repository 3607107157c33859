import { z } from 'zod';
import { defineOperation } from '../shared/operation.js';
import { healthReportSchema } from '../shared/health.js';

export const getHealthOperation = defineOperation({
  name: 'getHealth',
  summary: 'Service health, stores in use and projection lag',
  tag: 'Service',
  access: 'public',
  input: z.object({}),
  output: healthReportSchema,
  answers: 'The service is up',
  handler: (_input, { deps }) => deps.health(),
});
