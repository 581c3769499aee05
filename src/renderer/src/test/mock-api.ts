import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../lib/api-client';

/** One recorded request, as the server would have seen it. */
export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
  headers: Record<string, string>;
}

export interface MockReply {
  status: number;
  data?: unknown;
}

type Route = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

/**
 * Replaces axios' adapter — the network edge — so the real client, interceptors and 401
 * policy run. Routes are keyed "METHOD /path"; anything else answers 404 like a missing API.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const headers = AxiosHeaders.from(config.headers);
    const call: RecordedCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as unknown) : config.data,
      authorization: headers.get('Authorization')?.toString() ?? null,
      headers: Object.fromEntries(Object.entries(headers.toJSON()).map(([key, value]) => [key.toLowerCase(), String(value)])),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url}`];
    const reply = route === undefined ? { status: 404, data: { code: 'NOT_FOUND', message: 'Not found' } } : typeof route === 'function' ? await route(call) : route;
    const response: AxiosResponse = {
      status: reply.status,
      statusText: String(reply.status),
      data: reply.data ?? null,
      headers: {},
      config,
    };
    if (reply.status >= 400) {
      throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
  return {
    calls,
    callsTo: (method: string, url: string) => calls.filter((call) => call.method === method && call.url === url),
  };
}
