import { ApiError, GoogleGenAI, type GenerateContentParameters } from '@google/genai';
import { z } from 'zod';
import type { Engine, EngineAnswer, EngineRequest, RunOptions } from '../engine.js';
import { EngineResponseError } from '../errors.js';
import { rankCitations } from '../citations.js';
import { COUNTRY_LOCATIONS } from './countryLocations.js';
import { callWithDeadline, errorForStatus } from './failures.js';
import { SDK_TIMEOUT_SLACK_MS, type AdapterOptions } from './options.js';
import { SdkAdapter } from './sdkAdapter.js';
import { distinctQueries, parseBody } from './parse.js';

/**
 * Gemini through the Google Gen AI SDK with Google Search grounding (`tools: [{googleSearch: {}}]`). The
 * documented grounded response carries `candidates[0].groundingMetadata`: `webSearchQueries` (the fan-out)
 * and `groundingChunks[].web.{uri, title}` (the sources, in the order the answer draws on them; `title` is
 * the site's domain and `uri` a vertexaisearch redirect, resolved here to the page it points to).
 */

// The alias follows Google's current Flash model; each answer records the exact `modelVersion` it came from.
const DEFAULT_MODEL = 'gemini-flash-latest';
const GROUNDING_REDIRECT_PATH = '/grounding-api-redirect/';

const responseSchema = z.object({
  modelVersion: z.string().optional(),
  candidates: z
    .array(
      z.looseObject({
        content: z
          .looseObject({ parts: z.array(z.looseObject({ text: z.string().optional(), thought: z.boolean().optional() })).optional() })
          .optional(),
        groundingMetadata: z
          .looseObject({
            webSearchQueries: z.array(z.string()).optional(),
            groundingChunks: z
              .array(z.looseObject({ web: z.looseObject({ uri: z.string().optional(), title: z.string().optional() }).optional() }))
              .optional(),
          })
          .optional(),
      }),
    )
    .min(1),
});

type Candidate = z.infer<typeof responseSchema>['candidates'][number];

const genAiClient = (options: AdapterOptions, timeoutMs: number): GoogleGenAI =>
  new GoogleGenAI({ apiKey: options.apiKey, httpOptions: { baseUrl: options.baseUrl, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS } });

export class GeminiEngine extends SdkAdapter<GoogleGenAI> implements Engine {
  readonly id = 'gemini' as const;

  constructor(options: AdapterOptions) {
    super(options, { model: DEFAULT_MODEL, client: genAiClient });
  }

  async run(request: EngineRequest, options: RunOptions = {}): Promise<EngineAnswer> {
    // The SDK's ApiError keeps the status but drops the headers, so the Retry-After is read on the way in.
    let failedHeaders: Headers | undefined;
    const capturingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!response.ok) failedHeaders = response.headers;
      return response;
    };
    return callWithDeadline(
      this.id,
      this.timeoutMs,
      options.signal,
      async (signal) => {
        const body = await this.client.models.generateContent(this.parameters(request, signal, capturingFetch));
        const { candidates, modelVersion } = parseBody(this.id, responseSchema, body);
        return this.toAnswer(candidates[0], modelVersion, signal);
      },
      (engine, error) => (error instanceof ApiError ? errorForStatus(engine, error.status, failedHeaders) : null),
    );
  }

  private parameters(request: EngineRequest, signal: AbortSignal, capturingFetch: typeof fetch): GenerateContentParameters {
    const location = COUNTRY_LOCATIONS[request.country];
    return {
      model: this.model,
      contents: request.prompt,
      config: {
        tools: [{ googleSearch: {} }],
        ...(location && { toolConfig: { retrievalConfig: { latLng: { latitude: location[0], longitude: location[1] } } } }),
        abortSignal: signal,
        httpOptions: { fetch: capturingFetch },
      },
    };
  }

  private async toAnswer(candidate: Candidate | undefined, modelVersion: string | undefined, signal: AbortSignal): Promise<EngineAnswer> {
    if (candidate === undefined) throw new EngineResponseError(this.id, 'no candidate in the response');
    const parts = candidate.content?.parts ?? [];
    const chunks = candidate.groundingMetadata?.groundingChunks ?? [];
    const sources = await Promise.all(
      chunks.map(async ({ web }) => ({ title: web?.title ?? '', link: await resolveRedirect(web?.uri ?? '', signal) })),
    );
    return {
      content: parts.filter((part) => part.thought !== true).map((part) => part.text ?? '').join(''),
      citations: rankCitations(sources),
      webSearchQuery: distinctQueries(candidate.groundingMetadata?.webSearchQueries ?? []),
      ads: [],
      shopping: [],
      overviewAvailable: true,
      producedBy: 'api',
      model: modelVersion ?? this.model,
    };
  }
}

/**
 * Citation metrics are per domain, and every grounding URI is on vertexaisearch.cloud.google.com; the
 * redirect's Location is the cited page. A redirect that does not resolve keeps its original URI rather
 * than failing a run whose answer is already in hand.
 */
async function resolveRedirect(uri: string, signal: AbortSignal): Promise<string> {
  if (!uri.includes(GROUNDING_REDIRECT_PATH)) return uri;
  try {
    const response = await fetch(uri, { redirect: 'manual', signal });
    await response.body?.cancel();
    return response.headers.get('location') ?? uri;
  } catch {
    return uri;
  }
}
