/**
 * Requests for one operation of the API document, drawn from the document's own schemas (its path and
 * query parameters and its JSON request body): requests it describes, and requests broken in one place
 * (a parameter or a field against its schema, a required one left out, a body that is not JSON or not
 * sent as JSON, no credentials on a secured operation). Each request carries the document's verdict on
 * it, found by validating what was drawn against the document (`invalidBecause`, empty when the
 * document describes it), so that a generator's slip can never pass as a server's fault.
 */
import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { FieldHints } from './fuzz-fixtures.ts';
import type { Conformance } from './openapi-conformance.ts';
import { type JsonSchema, schemaArbitraries } from './schema-arbitrary.ts';

export type Operation = { method: string; path: string; op: OpenAPIV3_1.OperationObject };
export type Auth = 'key' | 'session' | 'none';

export type PlannedRequest = {
  method: string;
  url: string;
  auth: Auth;
  contentType?: string;
  payload?: string;
  /** Why the document does not describe this request; empty when it does. */
  invalidBecause: string[];
};

type Parameter = OpenAPIV3_1.ParameterObject & { schema: JsonSchema };
type Values = { params: (unknown | undefined)[]; body?: BodyValue; auth: Auth };
type BodyValue = { json: unknown } | { raw: string; contentType: string };

const JSON_TYPE = 'application/json';

/** A parameter's value as it travels in a URL. */
const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** A query value as its schema's type reads it: `5` for an integer, when it is the text of one. */
function typed(schema: JsonSchema, value: string): unknown {
  const isNumber = [schema.type].flat().some((t) => t === 'integer' || t === 'number');
  return isNumber && /^-?\d+$/.test(value) ? Number(value) : value;
}

/** Whether the operation needs credentials (no empty requirement among its alternatives). */
const isSecured = (op: OpenAPIV3_1.OperationObject) =>
  (op.security ?? []).length > 0 && !(op.security ?? []).some((r) => Object.keys(r).length === 0);

export function operationRequests(
  document: OpenAPIV3_1.Document,
  conformance: Conformance,
  hints: FieldHints,
  { method, path, op }: Operation,
): fc.Arbitrary<PlannedRequest> {
  const resolve = (ref: string) =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) as JsonSchema;
  const arbs = schemaArbitraries(resolve, (name) => hints(method, path, name));
  const params = (op.parameters ?? []) as Parameter[];
  const requestBody = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const bodySchema = requestBody?.content[JSON_TYPE]?.schema as JsonSchema | undefined;
  const lower = method.toLowerCase();

  // An empty path parameter makes another path (`/api/widget/`), not this operation's.
  const validParam = (p: Parameter) =>
    arbs
      .valid(p.schema, p.name)
      .map(asText)
      .filter((v) => p.in !== 'path' || v !== '');
  const params$ = fc.tuple(
    ...params.map((p) =>
      p.required || p.in === 'path' ? validParam(p) : fc.option(validParam(p), { nil: undefined, freq: 2 }),
    ),
  );
  const body$: fc.Arbitrary<BodyValue | undefined> = bodySchema
    ? requestBody?.required
      ? arbs.valid(bodySchema).map((json) => ({ json }))
      : fc.option(
          arbs.valid(bodySchema).map((json) => ({ json })),
          { nil: undefined },
        )
    : fc.constant(undefined);
  const auth$: fc.Arbitrary<Auth> = isSecured(op)
    ? fc.oneof(
        { weight: 5, arbitrary: fc.constant('key' as const) },
        { weight: 3, arbitrary: fc.constant('session' as const) },
      )
    : fc.constant('none');
  const valid$ = fc.record({ params: params$, body: body$, auth: auth$ }) as fc.Arbitrary<Values>;

  /** One part of a valid request broken. */
  const breaks: fc.Arbitrary<(v: Values) => Values>[] = params.map((p, i) =>
    fc
      .oneof(
        arbs.invalid(p.schema).map(asText),
        ...(p.required && p.in !== 'path' ? [fc.constant(undefined)] : []),
      )
      .filter((value) => value !== '')
      .map((value) => (v: Values) => ({ ...v, params: v.params.map((old, j) => (j === i ? value : old)) })),
  );
  if (bodySchema) {
    breaks.push(
      fc
        .oneof(
          arbs.invalid(bodySchema).map((json): BodyValue | undefined => ({ json })),
          fc.constantFrom<BodyValue | undefined>(
            { raw: '{"unclosed": ', contentType: JSON_TYPE },
            { raw: 'title=x', contentType: 'text/plain' },
            ...(requestBody?.required ? [undefined] : []),
          ),
        )
        .map((body) => (v: Values) => ({ ...v, body })),
    );
  }
  if (isSecured(op)) breaks.push(fc.constant((v: Values) => ({ ...v, auth: 'none' as const })));
  const invalid$ = breaks.length > 0 ? fc.tuple(valid$, fc.oneof(...breaks)).map(([v, br]) => br(v)) : valid$;

  return fc
    .oneof({ weight: 3, arbitrary: valid$ }, { weight: 2, arbitrary: invalid$ })
    .map((values) => plan(values));

  function plan(values: Values): PlannedRequest {
    const invalidBecause: string[] = [];
    const query = new URLSearchParams();
    let url = path;
    params.forEach((p, i) => {
      const value = values.params[i] as string | undefined;
      if (value === undefined) {
        if (p.required) invalidBecause.push(`${p.in} ${p.name} missing`);
        return;
      }
      const why = conformance.mismatch(
        ['paths', path, lower, 'parameters', String(i), 'schema'],
        typed(p.schema, value),
      );
      if (why) invalidBecause.push(`${p.in} ${p.name}: ${why}`);
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
      else query.set(p.name, value);
    });
    if (query.size > 0) url += `?${query.toString()}`;
    const request: PlannedRequest = { method, url, auth: values.auth, invalidBecause };
    const body = values.body;
    if (body === undefined) {
      if (requestBody?.required) invalidBecause.push('body missing');
    } else if ('raw' in body) {
      invalidBecause.push(`body is not JSON (${body.contentType})`);
      Object.assign(request, { payload: body.raw, contentType: body.contentType });
    } else {
      const why = conformance.mismatch(
        ['paths', path, lower, 'requestBody', 'content', JSON_TYPE, 'schema'],
        body.json,
      );
      if (why) invalidBecause.push(`body: ${why}`);
      Object.assign(request, { payload: JSON.stringify(body.json), contentType: JSON_TYPE });
    }
    if (values.auth === 'none' && isSecured(op)) invalidBecause.push('no credentials');
    return request;
  }
}
