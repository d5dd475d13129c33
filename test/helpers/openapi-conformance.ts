/**
 * Answers held to the API document (/openapi.json): each response of a test is matched to its
 * operation (method and path template), then to the document's response for its status (exact, then
 * `4XX`-style range, then `default`) and media type, and a JSON body is validated against that schema
 * with ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1). A 4xx must be a status the operation
 * lists: its `default` describes server errors only. What was checked is recorded, so a test can assert
 * that every operation was seen answering both a success and an error. A mismatch throws a
 * {@link ConformanceError} naming its kind.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';

type Response = { statusCode: number; headers: Record<string, unknown>; body: string };

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const DOC_ID = 'https://shiplog.test/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** What kind of mismatch a {@link ConformanceError} is. */
export type MismatchKind =
  'not in document' | 'undeclared status' | 'undeclared media type' | 'body mismatch' | 'request mismatch';

export class ConformanceError extends Error {
  readonly kind: MismatchKind;

  constructor(kind: MismatchKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** JSON Pointer escaping (RFC 6901) of one segment. */
const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

export type Conformance = {
  /**
   * Assert that `response`, answered to `method url`, is what the document declares.
   * @returns `METHOD /path/{template}` of the operation.
   */
  check(method: string, url: string, response: Response): string;
  /**
   * Assert that a request (`body` as sent, or undefined) is one the document describes: its operation
   * exists, and a JSON body matches its request schema (a required body is there).
   * @returns `METHOD /path/{template}` of the operation.
   */
  checkRequest(method: string, url: string, body: string | undefined): string;
  /** Assert that `value` matches `components.schemas[name]` (the webhook's body, say). */
  checkComponent(name: string, value: unknown): void;
  /**
   * Why `value` does not match the schema at `pointer` (segments under the document's root, unescaped),
   * or null when it does.
   */
  mismatch(pointer: string[], value: unknown): string | null;
  /** Every operation of the document, as `METHOD /path/{template}`. */
  operations(): string[];
  /** Statuses checked per operation; `viaDefault` marks those only the `default` response covered. */
  seen: Map<string, { status: number; viaDefault: boolean }[]>;
};

export function createConformance(document: OpenAPIV3_1.Document): Conformance {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document as object, DOC_ID);
  const paths = Object.keys(document.paths ?? {});
  // Static segments before parameters: /entries/generate is not /entries/{id}.
  const templates = paths
    .map((path) => ({
      path,
      params: (path.match(/\{/g) ?? []).length,
      regex: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);
  const seen: Conformance['seen'] = new Map();

  function operationOf(method: string, url: string) {
    const pathname = new URL(url, 'http://x').pathname;
    const lower = method.toLowerCase() as (typeof METHODS)[number];
    const template = templates.find((t) => t.regex.test(pathname) && document.paths![t.path]![lower]);
    if (!template)
      throw new ConformanceError('not in document', `${method} ${pathname} is not in the document`);
    const operation = document.paths![template.path]![lower]!;
    return { operation, template, lower, name: `${method.toUpperCase()} ${template.path}` };
  }

  function mismatch(pointer: string[], value: unknown): string | null {
    const validate = ajv.getSchema(`${DOC_ID}#/${pointer.map(escape).join('/')}`);
    if (!validate) throw new Error(`No schema at ${pointer.join('/')}`);
    return validate(value) ? null : ajv.errorsText(validate.errors);
  }

  function validateAt(pointer: string[], value: unknown, what: string): void {
    const why = mismatch(pointer, value);
    if (why) throw new ConformanceError('request mismatch', `${what} does not match the document: ${why}`);
  }

  function checkRequest(method: string, url: string, body: string | undefined): string {
    const { operation, template, lower, name } = operationOf(method, url);
    const requestBody = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
    if (body === undefined) {
      if (requestBody?.required) throw new ConformanceError('request mismatch', `${name} needs a body`);
      return name;
    }
    if (!requestBody?.content['application/json'])
      throw new ConformanceError('request mismatch', `${name} takes no JSON body`);
    const pointer = ['paths', template.path, lower, 'requestBody', 'content', 'application/json', 'schema'];
    validateAt(pointer, JSON.parse(body), `${name}'s request body`);
    return name;
  }

  function check(method: string, url: string, response: Response): string {
    const { operation, template, lower, name } = operationOf(method, url);
    const status = String(response.statusCode);
    const range = `${status[0]}XX`;
    // `default` is the server's errors (`internal`, `service_unavailable`): a client error is listed.
    const key = [status, range, ...(response.statusCode >= 500 ? ['default'] : [])].find(
      (k) => operation.responses?.[k],
    );
    if (!key)
      throw new ConformanceError(
        'undeclared status',
        `${name} answered ${status}, which the document does not declare`,
      );
    const declared = operation.responses![key] as OpenAPIV3_1.ResponseObject;
    const list = seen.get(name) ?? [];
    list.push({ status: response.statusCode, viaDefault: key === 'default' });
    seen.set(name, list);

    const mediaType = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!declared.content) {
      if (response.body !== '')
        throw new ConformanceError('body mismatch', `${name} ${status} has a body; the document says none`);
      return name;
    }
    const content = declared.content[mediaType];
    if (!content)
      throw new ConformanceError(
        'undeclared media type',
        `${name} ${status} answered ${mediaType}; the document declares ${Object.keys(declared.content).join(', ')}`,
      );
    if (!mediaType.endsWith('json') || !content.schema) return name;
    const pointer = ['paths', template.path, lower, 'responses', key, 'content', mediaType, 'schema'];
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      throw new ConformanceError('body mismatch', `${name} ${status}: the ${mediaType} body is not JSON`);
    }
    const why = mismatch(pointer, body);
    if (why)
      throw new ConformanceError(
        'body mismatch',
        `${name} ${status}: the body does not match the document: ${why}\n${response.body.slice(0, 2000)}`,
      );
    return name;
  }

  return {
    check,
    checkRequest,
    mismatch,
    seen,
    checkComponent(name, value) {
      const validate = ajv.getSchema(`${DOC_ID}#/components/schemas/${escape(name)}`);
      if (!validate) throw new Error(`No schema ${name}`);
      if (!validate(value)) throw new Error(`${name}: ${ajv.errorsText(validate.errors)}`);
    },
    operations: () =>
      paths.flatMap((path) =>
        METHODS.filter((m) => document.paths![path]![m]).map((m) => `${m.toUpperCase()} ${path}`),
      ),
  };
}
