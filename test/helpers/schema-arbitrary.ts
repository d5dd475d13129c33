/**
 * fast-check arbitraries from the JSON Schemas of the API document (OpenAPI 3.1, JSON Schema 2020-12,
 * the subset zod writes: type, enum/const, min/maxLength, pattern, format, minimum/maximum, items,
 * min/maxItems, properties/required/additionalProperties, anyOf/oneOf, $ref). `valid` draws values a
 * schema should accept; `invalid` breaks a value in one place (a wrong type, a length, an enum, a
 * missing or unknown key, deep inside an object or array too). Whether a drawn value is accepted is
 * decided by validating it against the document (ajv), not by trusting these generators.
 * No npm package does this for fast-check 4 (json-schema-fast-check needs fast-check 1; zod-fast-check
 * reads zod 3 schemas, not the document).
 */
import fc from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  not?: JsonSchema;
  dependentRequired?: Record<string, string[]>;
};

/**
 * Known values for a field, by its name (an object's key), tried beside generated ones: an id or a slug
 * that exists, so requests reach past "not found".
 */
export type Hints = (name: string) => readonly unknown[];

/** Strings are kept short; a `maxLength` up to 5000 is also tried exactly (`'x'.repeat(max)`). */
const MAX_STRING = 40;
const MAX_ITEMS = 4;
const DAY_MS = 86_400_000;

export type SchemaArbitraries = {
  valid(schema: JsonSchema, name?: string): fc.Arbitrary<unknown>;
  invalid(schema: JsonSchema): fc.Arbitrary<unknown>;
};

/** @param resolve the schema a `$ref` (`#/components/schemas/X`) points at. */
export function schemaArbitraries(resolve: (ref: string) => JsonSchema, hints: Hints): SchemaArbitraries {
  const deref = (schema: JsonSchema): JsonSchema => (schema.$ref ? deref(resolve(schema.$ref)) : schema);
  const types = (schema: JsonSchema): string[] => [schema.type ?? []].flat();

  function validString(s: JsonSchema): fc.Arbitrary<string> {
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? Number.MAX_SAFE_INTEGER;
    const fits = (v: string) => [...v].length >= min && [...v].length <= max;
    const date = fc.date({
      min: new Date(Date.now() - 400 * DAY_MS),
      max: new Date('2100-01-01'),
      noInvalidDate: true,
    });
    if (s.format === 'date-time') return date.map((d) => d.toISOString());
    if (s.format === 'date') return date.map((d) => d.toISOString().slice(0, 10));
    if (s.format === 'uri') return fc.webUrl({ withQueryParameters: true }).filter(fits);
    if (s.format === 'email') return fc.emailAddress().filter(fits);
    if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
    const text = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, MAX_STRING)) }),
      },
      {
        weight: 1,
        arbitrary: fc.string({
          unit: 'grapheme',
          minLength: min,
          maxLength: Math.max(min, Math.min(max, 12)),
        }),
      },
    );
    // Edges: white space only or around the text (a server that trims first may then refuse it), and
    // the longest string allowed.
    const edges = [' ', '\n', '  x  ', ...(max <= 5000 && max > MAX_STRING ? ['x'.repeat(max)] : [])].filter(
      fits,
    );
    return edges.length > 0
      ? fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom(...edges) })
      : text;
  }

  function validNumber(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
    const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : s.minimum;
    const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : s.maximum;
    if (integer) return fc.integer({ min: min ?? -(2 ** 31), max: max ?? 2 ** 31 - 1 });
    return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
  }

  function validObject(s: JsonSchema): fc.Arbitrary<unknown> {
    const props = s.properties ?? {};
    const model = Object.fromEntries(Object.entries(props).map(([key, sub]) => [key, valid(sub, key)]));
    const requiredKeys = (s.required ?? []).filter((k) => k in props);
    const record = fc.record(model, { requiredKeys });
    // `{}` when nothing is required: the edge a schema forgets (a PATCH with nothing to change).
    const drawn =
      requiredKeys.length === 0
        ? fc.oneof({ weight: 1, arbitrary: fc.constant({}) }, { weight: 4, arbitrary: record })
        : record;
    return s.minProperties ? drawn.filter((o) => Object.keys(o).length >= s.minProperties!) : drawn;
  }

  function valid(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
    const s = deref(schema);
    const known = name ? hints(name) : [];
    const drawn = validByKeyword(s);
    return known.length > 0
      ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: drawn })
      : drawn;
  }

  function validByKeyword(s: JsonSchema): fc.Arbitrary<unknown> {
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const branches = s.anyOf ?? s.oneOf;
    // Branches that only add required keys to an object (`oneOf: [{required: [a]}, {required: [b]}]`).
    if (branches && s.properties)
      return fc.oneof(
        ...branches.map((b) =>
          validObject({ ...s, required: [...(s.required ?? []), ...(b.required ?? [])] }),
        ),
      );
    if (branches) return fc.oneof(...branches.map((b) => valid(b)));
    const options = types(s).map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(s);
        case 'integer':
        case 'number':
          return validNumber(s, type === 'integer');
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return fc.array(valid(s.items ?? {}), {
            minLength: s.minItems ?? 0,
            maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
          });
        case 'object':
          return validObject(s);
        default:
          throw new Error(`Unsupported schema type ${type}`);
      }
    });
    if (options.length === 0) return fc.jsonValue({ maxDepth: 2 });
    return fc.oneof(...options);
  }

  /** Values of another JSON type than any `s` allows. */
  function wrongType(s: JsonSchema): fc.Arbitrary<unknown> {
    const allowed = new Set(types(s));
    const others: [string, fc.Arbitrary<unknown>][] = [
      ['string', fc.string({ maxLength: 8 })],
      ['integer', fc.integer()],
      ['number', fc.double({ noNaN: true, noDefaultInfinity: true })],
      ['boolean', fc.boolean()],
      ['null', fc.constant(null)],
      ['object', fc.constant({})],
      ['array', fc.constant([])],
    ];
    const picks = others.filter(([type]) => !allowed.has(type)).map(([, arb]) => arb);
    return picks.length > 0 ? fc.oneof(...picks) : fc.constant(undefined);
  }

  /** Values that break the keywords of `s` other than its type. */
  function brokenKeywords(s: JsonSchema): fc.Arbitrary<unknown>[] {
    const out: fc.Arbitrary<unknown>[] = [];
    if (s.enum) out.push(fc.constantFrom(...s.enum.map((v) => `${String(v)}x`), 'other'));
    if (s.maxLength !== undefined && s.maxLength <= 300_000)
      out.push(fc.constant('x'.repeat(s.maxLength + 1)));
    if (s.minLength) out.push(fc.constant('x'.repeat(s.minLength - 1)));
    if (s.pattern || s.format) out.push(fc.constantFrom(' ', 'not valid!', '2026-13-45', '-'));
    if (s.maximum !== undefined) out.push(fc.constant(s.maximum + 1));
    if (s.minimum !== undefined) out.push(fc.constant(s.minimum - 1));
    if (types(s).includes('integer')) out.push(fc.constant(1.5));
    if (s.maxItems !== undefined && s.maxItems <= 600)
      out.push(valid(s.items ?? {}).map((item) => Array.from({ length: s.maxItems! + 1 }, () => item)));
    if (s.minItems) out.push(fc.constant([]));
    if (s.items)
      out.push(fc.tuple(invalid(s.items), valid(s)).map(([bad, ok]) => [bad, ...(ok as unknown[])]));
    if (types(s).includes('object')) out.push(...brokenObject(s));
    return out;
  }

  function brokenObject(s: JsonSchema): fc.Arbitrary<unknown>[] {
    const base = validObject(s) as fc.Arbitrary<Record<string, unknown>>;
    const out: fc.Arbitrary<unknown>[] = [];
    if (s.additionalProperties === false) out.push(base.map((o) => ({ ...o, unknownField: 1 })));
    for (const key of s.required ?? []) out.push(base.map(({ [key]: _dropped, ...rest }) => rest));
    for (const [key, sub] of Object.entries(s.properties ?? {}))
      out.push(fc.tuple(base, invalid(sub)).map(([o, bad]) => ({ ...o, [key]: bad })));
    if (s.minProperties) out.push(fc.constant({}));
    return out;
  }

  function invalid(schema: JsonSchema): fc.Arbitrary<unknown> {
    const s = deref(schema);
    const branches = s.anyOf ?? s.oneOf;
    if (branches && !s.properties) {
      // Broken in a branch's own way, or of a type no branch has.
      const allTypes = branches.flatMap((b) => types(deref(b)));
      return fc.oneof(wrongType({ type: allTypes }), ...branches.map((b) => invalid(b)));
    }
    const broken = brokenKeywords(s);
    const wrong = wrongType(s);
    return broken.length > 0
      ? fc.oneof({ weight: 1, arbitrary: wrong }, { weight: 3, arbitrary: fc.oneof(...broken) })
      : wrong;
  }

  return { valid, invalid };
}
