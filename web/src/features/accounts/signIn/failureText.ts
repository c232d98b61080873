import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { isNetworkError, serverText } from '../../../shared/api/http';

/** docs/product.md#what-the-user-is-told-when-something-fails, login and signup: a network failure shows this. */
export const UNEXPECTED = 'An unexpected error occurred. Please try again later.';

/** What a login or signup call's failure shows: the server's message, else (network failure) UNEXPECTED. */
export const failureText = (error: FetchBaseQueryError | SerializedError | undefined): string =>
  isNetworkError(error) ? UNEXPECTED : (serverText(error) ?? UNEXPECTED);
