import { z } from 'zod';

/** `PATCH /v1/workspaces/{id}`: the branding's name and colour; null resets one to geolens's. */
export const brandingFields = {
  branding: z
    .object({
      name: z.string().trim().min(1).max(100).nullable().optional().describe("The agency's name, shown instead of geolens's"),
      accentColor: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/, 'accentColor must be a colour #rrggbb')
        .transform((colour) => colour.toLowerCase())
        .nullable()
        .optional()
        .describe('The accent colour, #rrggbb'),
    })
    .strict()
    .describe('What share pages, PDFs and report e-mails show'),
};
