import { describe, expect, it } from 'vitest';
import { ContractChecker, ContractViolation } from '../helpers/contract.ts';

/** A two-operation document shaped like the server's: exact objects, failures naming their keys. */
const document = {
  openapi: '3.1.0',
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { ok: { const: true }, name: { type: 'string' } },
                  required: ['ok', 'name'],
                  additionalProperties: false,
                },
              },
            },
          },
          404: {
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    { $ref: '#/components/schemas/Failure' },
                    { type: 'object', properties: { error: { enum: ['api.thing.notFound'] } } },
                  ],
                },
              },
            },
          },
        },
      },
    },
    '/api/things/special': { get: { responses: { 204: {} } } },
  },
  components: {
    schemas: {
      Failure: {
        type: 'object',
        properties: { ok: { const: false }, error: { type: 'string' } },
        required: ['ok', 'error'],
      },
    },
  },
};

describe('the contract checker of the test harness', () => {
  const checker = new ContractChecker(document);
  const json = 'application/json; charset=utf-8';

  it('lets a declared answer through', () => {
    expect(() => checker.check('GET', '/api/things/7?x=1', 200, json, { ok: true, name: 'a' })).not.toThrow();
    expect(() => checker.check('GET', '/api/things/7', 404, json, { ok: false, error: 'api.thing.notFound' })).not.toThrow();
  });

  it('fails an undeclared status, a missing or extra field, and an error key the status does not name', () => {
    expect(() => checker.check('GET', '/api/things/7', 409, json, { ok: false, error: 'api.conflict' })).toThrow(ContractViolation);
    expect(() => checker.check('GET', '/api/things/7', 200, json, { ok: true })).toThrow(/name/);
    expect(() => checker.check('GET', '/api/things/7', 200, json, { ok: true, name: 'a', secret: 1 })).toThrow(ContractViolation);
    expect(() => checker.check('GET', '/api/things/7', 404, json, { ok: false, error: 'api.other' })).toThrow(ContractViolation);
  });

  it('prefers the more literal path, and leaves paths and bodies outside the document alone', () => {
    expect(() => checker.check('GET', '/api/things/special', 204, null, undefined)).not.toThrow();
    expect(() => checker.check('GET', '/api/unknown', 500, json, { anything: true })).not.toThrow();
    expect(() => checker.check('GET', '/api/things/7', 200, 'text/plain', 'not json')).not.toThrow();
  });
});
