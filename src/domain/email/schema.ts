import { z } from 'zod';

export const subscribeInputSchema = z.object({
  email: z.email().max(320).describe('Where the e-mails go'),
  digest: z.boolean().default(true).describe('The weekly digest: the report’s summary and its alerts'),
  alerts: z.boolean().default(true).describe('An e-mail per alert raised on the report'),
});
