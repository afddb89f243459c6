/**
 * The chat models the command line can use: any OpenAI-compatible endpoint (llama.cpp's
 * server, Ollama, vLLM, a hosted API) through the `openai` client library, or a recorded
 * reply read from a file — so a transducer run can be replayed exactly, offline.
 */
import { readFile } from 'node:fs/promises';
import OpenAI from 'openai';
import type { ChatModel } from '../core/transducer/transducer.ts';
import { CliFailure } from './cliFailure.ts';

export interface EndpointConfig {
  /** The API's base URL, e.g. `http://localhost:8080/v1`. */
  readonly url: string;
  readonly model: string;
  /** Local servers ignore it; hosted ones need it (WARRANT_LLM_KEY). */
  readonly apiKey: string;
  readonly timeoutMs: number;
}

/** A model behind an OpenAI-compatible chat-completions endpoint, asked for JSON at temperature 0. */
export function endpointModel(config: EndpointConfig): ChatModel {
  const client = new OpenAI({ baseURL: config.url, apiKey: config.apiKey, timeout: config.timeoutMs, maxRetries: 1 });
  return {
    name: `${config.model} at ${config.url}`,
    async complete(messages) {
      const reply = await client.chat.completions.create({
        model: config.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
      });
      return reply.choices[0]?.message?.content ?? '';
    },
  };
}

/** A "model" that answers with the text of `path` (a recorded reply). */
export async function recordedModel(path: string): Promise<ChatModel> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new CliFailure(`cannot read the recorded reply ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return { name: `recorded reply ${path}`, complete: async () => text };
}

/**
 * The model the flags or the environment name: `--recorded-reply FILE`, else `--llm-url`
 * and `--llm-model` (or WARRANT_LLM_URL, WARRANT_LLM_MODEL; key WARRANT_LLM_KEY), else null.
 */
export async function configuredModel(values: ReadonlyMap<string, string>, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ChatModel | null> {
  const recorded = values.get('recorded-reply');
  if (recorded !== undefined) return recordedModel(recorded);
  const url = values.get('llm-url') ?? env.WARRANT_LLM_URL;
  const model = values.get('llm-model') ?? env.WARRANT_LLM_MODEL;
  if (!url && !model) return null;
  if (!url || !model)
    throw new CliFailure(
      `a model needs both an endpoint and a model name (--llm-url and --llm-model, or WARRANT_LLM_URL and WARRANT_LLM_MODEL); got only ${url ? 'the endpoint' : 'the model name'}`,
      '*',
    );
  try {
    new URL(url);
  } catch {
    throw new CliFailure(`--llm-url ${JSON.stringify(url)} is not a URL (e.g. http://localhost:8080/v1)`, '*');
  }
  return endpointModel({ url, model, apiKey: env.WARRANT_LLM_KEY ?? 'not-needed', timeoutMs });
}
