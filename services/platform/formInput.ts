import type { z } from 'zod';
import { badRequest, describeIssues } from './http.js';

/**
 * Like `parse`, for forms a person fills in and whose client shows the server's error as it is (ticket, waitlist):
 * each field's messages are whole sentences that already name the field in the screen's words ("Please select a
 * category"), so they are shown without the `field:` prefix. Anything else (unknown fields) reads as `parse` says.
 */
export function parseForm<S extends z.ZodType>(schema: S, value: unknown, fields: readonly string[]): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const sentence = result.error.issues.find((issue) => issue.code !== 'unrecognized_keys' && fields.includes(String(issue.path[0])));
  throw badRequest(sentence ? sentence.message : describeIssues(result.error));
}
