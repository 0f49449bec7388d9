import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Holds every JSON answer the tests receive to the OpenAPI document the server
 * itself serves: the status must be one the operation declares, the body must
 * match the declared schema (exact objects: no undeclared field), and a
 * failure's `error` must be one of the keys the operation names for that
 * status. A mismatch throws, so the test that received the answer fails.
 * Paths no operation serves (the SPA, unknown `/api/...`) and HEAD bodies are not checked.
 */

interface Operation {
  pattern: RegExp;
  /** Literal segments: the more, the more specific (`/api/groups/members` before `/api/groups/{gid}`). */
  literals: number;
  pointer: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses: Operation['responses'] }>>;
};

export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  private readonly operations = new Map<string, Operation[]>();
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.ajv.addSchema(document as object, 'openapi');
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const segments = path.split('/');
        const pattern = new RegExp(
          `^${segments.map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`,
        );
        const list = this.operations.get(method.toUpperCase()) ?? [];
        list.push({
          pattern,
          literals: segments.filter((s) => s && !s.startsWith('{')).length,
          pointer: `/paths/${escapePointer(path)}/${method}`,
          responses: op.responses,
        });
        this.operations.set(method.toUpperCase(), list);
      }
    }
    for (const list of this.operations.values()) list.sort((a, b) => b.literals - a.literals);
  }

  /** Throws when the answer breaks the contract; `path` may carry a query string. */
  check(method: string, path: string, status: number, contentType: string | null, body: unknown): void {
    // Matched as sent, like Express: `/api/%61dmin/…` is no route of the document (the server says 404).
    const pathname = path.split('?')[0]!;
    const op = this.operations.get(method.toUpperCase())?.find((o) => o.pattern.test(pathname));
    if (!op) return;
    const where = `${method} ${path} → ${status}`;
    const declared = op.responses[String(status)];
    if (!declared) {
      throw new ContractViolation(`${where}: status not declared (declared: ${Object.keys(op.responses).join(', ')}); body ${preview(body)}`);
    }
    // A HEAD answer has no body, whatever its headers say.
    if (method.toUpperCase() === 'HEAD' || !contentType?.includes('application/json') || !declared.content?.['application/json']) return;
    const pointer = `${op.pointer}/responses/${status}/content/application~1json/schema`;
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.getSchema(`openapi#${pointer}`);
      if (!validate) throw new ContractViolation(`${where}: no schema at ${pointer}`);
      this.validators.set(pointer, validate);
    }
    if (!validate(body)) {
      const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
      throw new ContractViolation(`${where}: body does not match the document: ${problems.join('; ')}; body ${preview(body)}`);
    }
  }
}

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

function escapePointer(s: string): string {
  return s.replaceAll('~', '~0').replaceAll('/', '~1');
}

function preview(body: unknown): string {
  const text = JSON.stringify(body) ?? String(body);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

const checkers = new Map<string, Promise<ContractChecker>>();

/** The checker for the server at `baseUrl` (its document fetched once per test file). */
export function contractOf(baseUrl: string): Promise<ContractChecker> {
  let checker = checkers.get(baseUrl);
  if (!checker) {
    // A node that serves no document (ROLES without `api`) has no HTTP operations to check.
    checker = fetch(`${baseUrl}/api/openapi.json`)
      .then(async (res) => (res.ok ? ((await res.json()) as OpenApiDocument) : { paths: {} }))
      .then((doc) => new ContractChecker(doc));
    checkers.set(baseUrl, checker);
  }
  return checker;
}

/**
 * `fetch` for tests that send raw requests (tus, downloads, redirects): the
 * answer is held to the contract of the server it came from like every
 * answer of `Client`, then handed back unread.
 */
export async function checkedFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  const res = await fetch(input, init);
  const contentType = res.headers.get('content-type');
  const bodyless = (init?.method ?? 'GET').toUpperCase() === 'HEAD';
  const body = !bodyless && contentType?.includes('application/json') ? await res.clone().json() : undefined;
  (await contractOf(url.origin)).check(init?.method ?? 'GET', url.pathname + url.search, res.status, contentType, body);
  return res;
}
