import { startScriptedServer, type ScriptedReply, type ScriptedServer } from './scripted-http-server.js';
import { validateOpenAIRequest } from './openai-server.js';

/**
 * A loopback stand-in for the Copilot API, for the real Copilot runtime pointed at it with
 * COPILOT_API_URL: `GET /models` answers the model list (each model's limits and policy, as the
 * runtime reads them) or the status a test asks for, and `POST /chat/completions` is checked like the
 * OpenAI API and answered from the scripted queue (the runtime uses chat completions for models whose
 * `supported_endpoints` say so). Requests with another bearer token get the real 401.
 */

export interface CopilotModel {
  id: string;
  maxPromptTokens: number;
  policy?: 'enabled' | 'disabled';
}

export interface CopilotApiOptions {
  token: string;
  models?: CopilotModel[];
  /** Answer `GET /models` with this status and message instead of the list (401, 403, …). */
  modelsStatus?: { status: number; body: unknown };
}

export interface CopilotApiServer extends ScriptedServer {
  /** COPILOT_API_URL for the runtime. */
  apiUrl: string;
}

export async function startCopilotApiServer(options: CopilotApiOptions): Promise<CopilotApiServer> {
  const models = options.models ?? [{ id: 'gpt-6-luna', maxPromptTokens: 400_000 }];
  const server = await startScriptedServer((request): ScriptedReply | undefined => {
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return { status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } };
    if (request.method === 'GET' && request.path === '/models') {
      if (options.modelsStatus) return options.modelsStatus;
      return {
        body: {
          data: models.map((m) => ({
            id: m.id,
            name: m.id,
            object: 'model',
            vendor: 'test',
            version: m.id,
            preview: false,
            model_picker_enabled: true,
            capabilities: {
              type: 'chat',
              family: m.id,
              object: 'model_capabilities',
              limits: {
                max_prompt_tokens: m.maxPromptTokens,
                max_context_window_tokens: m.maxPromptTokens,
                max_output_tokens: 16_000,
              },
              supports: { tool_calls: true, parallel_tool_calls: true, streaming: true },
            },
            policy: { state: m.policy ?? 'enabled', terms: 'test' },
            supported_endpoints: ['/chat/completions'],
          })),
        },
      };
    }
    return validateOpenAIRequest(request, '');
  });
  return Object.assign(server, { apiUrl: server.baseUrl });
}
