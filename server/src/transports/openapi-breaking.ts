// The changes to the OpenAPI document that break a client built against the earlier one: a removed operation, a
// removed field of a success response, a removed enum value, a request field or parameter that became required.
// Each is one line of text, so a deliberate one can be acknowledged by that line in docs/openapi-breaking-changes.json
// (checked by server/test/contract/openapi-document.integration.test.ts).

import type { OpenApiSchema } from './openapi-schema';

type Schema = OpenApiSchema;
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
export type OpenApiDocument = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Visitor {
  field?(field: string, required: boolean): void;
  enumAt?(field: string, values: unknown[]): void;
}

/** What a client of `doc` relies on, as comparable lines. */
interface Contract {
  operations: Set<string>;
  responseFields: Set<string>;
  /** Where an enum is (request or response field, parameter) → its values. */
  enums: Map<string, Set<string>>;
  requiredInputs: Set<string>;
}

function contractOf(doc: OpenApiDocument): Contract {
  const contract: Contract = {
    operations: new Set(),
    responseFields: new Set(),
    enums: new Map(),
    requiredInputs: new Set(),
  };
  const resolve = (schema: Schema): Schema => {
    const name = schema.$ref?.replace('#/components/schemas/', '');
    return name ? (doc.components?.schemas?.[name] ?? {}) : schema;
  };
  /**
   * Visits every field of `raw` under `at` ("" for the root) and every enum (by the field it constrains), each $ref
   * once per path (schemas may recurse).
   */
  const walk = (raw: Schema, at: string, visit: Visitor, seen: Set<string> = new Set()) => {
    if (raw.$ref && seen.has(raw.$ref)) return;
    const nextSeen = raw.$ref ? new Set([...seen, raw.$ref]) : seen;
    const schema = resolve(raw);
    const enumValues = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
    if (enumValues) visit.enumAt?.(at, enumValues);
    // What one alternative of anyOf/oneOf requires, the request may still leave out (by taking another).
    const alternative: Visitor = { ...visit, field: (name) => visit.field?.(name, false) };
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(branch, at, alternative, nextSeen);
    for (const branch of schema.allOf ?? []) {
      // Every branch of allOf holds: a name it requires is required of the object, declared here or in the branch.
      for (const name of resolve(branch).required ?? []) visit.field?.(at ? `${at}.${name}` : name, true);
      walk(branch, at, visit, nextSeen);
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const field = at ? `${at}.${name}` : name;
      visit.field?.(field, schema.required?.includes(name) ?? false);
      walk(property, field, visit, nextSeen);
    }
    if (schema.items) walk(schema.items, `${at}[]`, visit, nextSeen);
  };
  const addEnum = (where: string, values: unknown[]) => {
    const set = contract.enums.get(where) ?? new Set<string>();
    for (const value of values) set.add(JSON.stringify(value));
    contract.enums.set(where, set);
  };
  const field = (where: string, name: string) => `${where} field ${name || '(body)'}`;

  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const op = `${method.toUpperCase()} ${path}`;
      contract.operations.add(op);
      for (const parameter of operation.parameters ?? []) {
        const where = `${op} parameter ${parameter.in}.${parameter.name}`;
        if (parameter.required) contract.requiredInputs.add(where);
        if (parameter.schema) walk(parameter.schema, '', { enumAt: (_at, values) => addEnum(where, values) });
      }
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        if (!media.schema) continue;
        const where = `${op} request ${type}`;
        walk(media.schema, '', {
          field: (name, required) => required && contract.requiredInputs.add(field(where, name)),
          enumAt: (at, values) => addEnum(field(where, at), values),
        });
      }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        if (!status.startsWith('2') || !schema) continue;
        const where = `${op} response ${status}`;
        walk(schema, '', {
          field: (name) => contract.responseFields.add(field(where, name)),
          enumAt: (at, values) => addEnum(field(where, at), values),
        });
      }
    }
  }
  return contract;
}

/** The breaking changes from `before` to `after`, one line each, sorted. */
export function breakingChanges(before: OpenApiDocument, after: OpenApiDocument): string[] {
  const was = contractOf(before);
  const is = contractOf(after);
  const stillThere = (line: string) => is.operations.has(line.split(' ').slice(0, 2).join(' '));
  const changes: string[] = [];
  for (const op of was.operations) if (!is.operations.has(op)) changes.push(`removed operation ${op}`);
  for (const field of was.responseFields) {
    if (stillThere(field) && !is.responseFields.has(field)) changes.push(`removed ${field}`);
  }
  for (const [where, values] of was.enums) {
    const now = is.enums.get(where);
    if (!now || !stillThere(where)) continue;
    for (const value of values) if (!now.has(value)) changes.push(`removed enum value ${value} from ${where}`);
  }
  for (const input of is.requiredInputs) {
    if (was.operations.has(input.split(' ').slice(0, 2).join(' ')) && !was.requiredInputs.has(input)) {
      changes.push(`newly required ${input}`);
    }
  }
  return changes.sort();
}
