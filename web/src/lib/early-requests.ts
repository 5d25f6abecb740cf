// Answers for GETs index.html started before the app loaded (the match room's first requests), so the
// data is on its way while the JavaScript downloads. Each is used once; later requests go to the network.
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

type EarlyMap = Record<string, Promise<Response> | undefined>;

function earlyMap(): EarlyMap | undefined {
  return (globalThis as { __versusEarly?: EarlyMap }).__versusEarly;
}

/** Takes (and forgets) the early request for `url`, or null. */
function takeEarly(url: string | undefined): Promise<Response> | null {
  const map = earlyMap();
  const pending = url === undefined ? undefined : map?.[url];
  if (!map || !pending || url === undefined) return null;
  map[url] = undefined;
  return pending;
}

/** An axios answer (or the error axios would throw) from a fetch Response. */
async function toAxios(response: Response, config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON: kept as text, as axios does.
  }
  const answer: AxiosResponse = {
    data,
    status: response.status,
    statusText: response.statusText,
    headers: new AxiosHeaders(Object.fromEntries(response.headers.entries())),
    config,
  };
  const valid = config.validateStatus ? config.validateStatus(response.status) : response.ok;
  if (valid) return answer;
  throw new AxiosError(
    `Request failed with status code ${response.status}`,
    response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
    config,
    null,
    answer,
  );
}

/** Wraps `next`: a GET that index.html already started is answered from it; anything else goes on. */
export function withEarlyRequests(next: AxiosAdapter): AxiosAdapter {
  return async (config) => {
    const pending = (config.method ?? 'get').toLowerCase() === 'get' ? takeEarly(config.url) : null;
    if (!pending) return next(config);
    const response = await pending.catch(() => null);
    // A network failure of the early request: ask again the normal way.
    return response ? toAxios(response, config) : next(config);
  };
}
