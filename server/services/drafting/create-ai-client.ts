/** The OpenAI SDK client for the configured provider, or null when drafting is offline or off. */
import OpenAI from 'openai';
import type { AiConfig } from '../../config.ts';

export function createAiClient(ai: AiConfig): OpenAI | null {
  if (ai.provider !== 'openai' || !ai.apiKey) return null;
  return new OpenAI({
    // Every option explicit: left undefined, the SDK would read OPENAI_* from the environment itself.
    apiKey: ai.apiKey,
    baseURL: ai.baseUrl ?? 'https://api.openai.com/v1',
    organization: null,
    project: null,
    timeout: ai.timeoutMs,
    maxRetries: ai.maxRetries,
  });
}
