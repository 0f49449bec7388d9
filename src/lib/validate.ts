import type { z } from 'zod';
import { AppError } from '../errors.ts';
import type { MessageKey } from '../i18n/keys.ts';

/**
 * Parses untrusted input with a zod schema. Failure is a 400 carrying the key
 * and the first offending field; a schema may set its own key through the
 * issue message when it names one (`z.string().max(40, 'api.key.invalid')`).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown, key: MessageKey = 'api.badRequest'): z.output<S> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const status = issue?.message === 'api.tooLarge' || issue?.message?.endsWith('.tooLarge') ? 413 : 400;
  const named = issue?.message?.startsWith('api.') ? (issue.message as MessageKey) : key;
  throw new AppError(status, named, { extra: issue?.path.length ? { field: issue.path.join('.') } : undefined });
}
