import { z } from 'zod';

/**
 * Building blocks of the response contract (the OpenAPI document's answers).
 * A shared shape (`User`, `Message`, `Group`, …) is declared once with
 * `component('User', schema)` in its module's schema file and used in any
 * route's `response`; the generator turns every use into a
 * `$ref: '#/components/schemas/User'`. Route answers are `okWith({...})`:
 * `{ok: true}` plus the route's own fields. Response objects are exact (JSON
 * Schema `additionalProperties: false`), so the test harness, which validates
 * every answer it receives against the document, fails on a field the
 * document does not declare as well as on a missing one.
 */

export interface ComponentMeta {
  id: string;
  description?: string;
}

/** The named shapes of the contract, by id. */
export const contractComponents = z.registry<ComponentMeta>();

/** Names `schema` as a shared component of the OpenAPI document (`#/components/schemas/<id>`). */
export function component<S extends z.ZodType>(id: string, schema: S, description?: string): S {
  contractComponents.add(schema, description ? { id, description } : { id });
  return schema;
}

/** A success body: `{ok: true, ...shape}`. */
export function okWith<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ok: z.literal(true), ...shape });
}

/** A success body with no fields of its own: `{ok: true}`. */
export const okOnly = okWith({});

/** A Unix time in milliseconds, as every `ts`/`created`/`until` of the spec. */
export const millis = z.number().int().describe('Unix time in milliseconds');
