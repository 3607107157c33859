/** The engines' API keys (docs/configuration.md); an engine whose key is missing runs on the simulator. */
export interface EngineKeys {
  openai?: string | undefined;
  anthropic?: string | undefined;
  gemini?: string | undefined;
  perplexity?: string | undefined;
  serpapi?: string | undefined;
}

export interface EngineFactoryOptions {
  timeoutMs?: number;
}
