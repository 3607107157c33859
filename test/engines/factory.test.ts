import { describe, expect, test } from '@jest/globals';
import { ChatGptEngine } from '../../src/engines/adapters/chatgpt.js';
import { CopilotEngine } from '../../src/engines/adapters/serpapi/copilot.js';
import { GoogleAiModeEngine } from '../../src/engines/adapters/serpapi/googleAiMode.js';
import { GoogleAiOverviewEngine } from '../../src/engines/adapters/serpapi/googleAiOverview.js';
import { isCountryCode } from '../../src/domain/shared/countries.js';
import { ENGINE_IDS, SimulatedEngine, createEngines, describeEngines, engineIdSchema } from '../../src/engines/index.js';

describe('createEngines', () => {
  test('without keys, every engine runs on the simulator', () => {
    const engines = createEngines({});
    for (const id of ENGINE_IDS) {
      expect(engines[id]).toBeInstanceOf(SimulatedEngine);
      expect(engines[id].id).toBe(id);
    }
  });

  test('a configured key switches exactly the engines it serves to their real adapters', () => {
    const engines = createEngines({ openai: 'sk-test', serpapi: 'serp-test', anthropic: '' });
    expect(engines.chatgpt).toBeInstanceOf(ChatGptEngine);
    expect(engines.google).toBeInstanceOf(GoogleAiOverviewEngine);
    expect(engines.google_ai_mode).toBeInstanceOf(GoogleAiModeEngine);
    expect(engines.copilot).toBeInstanceOf(CopilotEngine);
    for (const id of ['perplexity', 'gemini', 'claude'] as const) expect(engines[id]).toBeInstanceOf(SimulatedEngine);
  });
});

describe('describeEngines', () => {
  test('lists the seven engines with their display names and whether they are simulated', () => {
    expect(describeEngines({ perplexity: 'pplx-test' }).map(({ engine, name, simulated }) => ({ engine, name, simulated }))).toEqual([
      { engine: 'chatgpt', name: 'ChatGPT', simulated: true },
      { engine: 'google', name: 'Google AI Overviews', simulated: true },
      { engine: 'google_ai_mode', name: 'Google AI Mode', simulated: true },
      { engine: 'perplexity', name: 'Perplexity', simulated: false },
      { engine: 'copilot', name: 'Microsoft Copilot', simulated: true },
      { engine: 'gemini', name: 'Gemini', simulated: true },
      { engine: 'claude', name: 'Claude', simulated: true },
    ]);
  });

  test('supported countries are valid codes, include the major markets, and leave out unserved ones', () => {
    for (const { engine, countries } of describeEngines({})) {
      expect(countries.every(isCountryCode)).toBe(true);
      expect(countries).toEqual(expect.arrayContaining(['us', 'uk', 'de', 'jp', 'br']));
      expect(countries).not.toContain('kp');
      expect(countries).not.toContain('aq');
      expect(new Set(countries).size).toBe(countries.length);
      expect(countries.length).toBeGreaterThan(engine === 'gemini' ? 60 : 150);
    }
  });

  test('country lists follow provider availability', () => {
    const countriesOf = Object.fromEntries(describeEngines({}).map(({ engine, countries }) => [engine, countries]));
    expect(countriesOf.chatgpt).not.toContain('cn');
    expect(countriesOf.claude).not.toContain('ru');
    expect(countriesOf.google).not.toContain('fr');
    expect(countriesOf.perplexity).toContain('fr');
  });
});

test.each(['chatgpt', 'google', 'google_ai_mode', 'perplexity', 'copilot', 'gemini', 'claude'])('the engine value %s is accepted', (engine) => {
  expect(engineIdSchema.safeParse(engine).success).toBe(true);
});

test.each(['bing', 'ChatGPT', 'google-ai-mode', ''])('%j is not an engine value', (value) => {
  expect(engineIdSchema.safeParse(value).success).toBe(false);
});
