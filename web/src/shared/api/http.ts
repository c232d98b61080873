import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

type QueryError = FetchBaseQueryError | SerializedError | undefined;

/** A request that never got an answer (offline, server down): docs/product.md#what-the-user-is-told-when-something-fails's "network failure". */
export const isNetworkError = (error: QueryError): boolean =>
  !!error && 'status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');

/**
 * The server's own text from an error answer (a mutation's or query's `error`): `error` first where the spec's client
 * reads it, else `message`; undefined for a request the server did not answer.
 */
export function serverText(error: unknown, prefer: 'message' | 'error' = 'message'): string | undefined {
  if (!error || typeof error !== 'object' || !('status' in error) || typeof error.status !== 'number') return undefined;
  const data = (error as { data?: unknown }).data as Record<string, unknown> | undefined;
  const first = data?.[prefer];
  const second = data?.[prefer === 'message' ? 'error' : 'message'];
  if (typeof first === 'string' && first) return first;
  return typeof second === 'string' && second ? second : undefined;
}

/** The user's IANA time zone, sent with sign-up and profile saves (docs/adr/0110-sign-up-and-profile-screens.md). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The address of the next page from an answer's Link header (`<...>; rel="next"`), as the api's endpoints name
 * addresses (without the leading /api); null when it names none, as on the last page. The server's cursor in it is
 * passed on as it came.
 */
export function nextPageOf(link: string | null | undefined): string | null {
  for (const [, target, params] of (link ?? '').matchAll(/<([^>]*)>([^,<]*)/g)) {
    const rels = params!.split(';').flatMap((param) => {
      const [key, value = ''] = param.split('=').map((s) => s.trim());
      return key?.toLowerCase() === 'rel' ? value.replace(/^"|"$/g, '').toLowerCase().split(/\s+/) : [];
    });
    if (!rels.includes('next')) continue;
    const url = new URL(target!, 'http://host');
    const address = url.pathname + url.search;
    return address.startsWith('/api/') ? address.slice('/api'.length) : null;
  }
  return null;
}
