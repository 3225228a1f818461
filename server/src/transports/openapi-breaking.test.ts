import { describe, expect, it } from 'vitest';
import { breakingChanges, type OpenApiDocument } from './openapi-breaking';

/** A small document: GET /cars responds with Car[] (Car has an enum field), POST /cars takes a body. */
type Doc = ReturnType<typeof JSON.parse>;

function doc(change: (d: Doc) => void = () => {}): OpenApiDocument {
  const d: Doc = {
    paths: {
      '/cars': {
        get: {
          parameters: [{ in: 'query', name: 'period', schema: { type: 'string', enum: ['month', 'all'] } }],
          responses: {
            '200': {
              content: {
                'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Car' } } },
              },
            },
          },
        },
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['make'],
                  properties: { make: { type: 'string' }, story: { type: 'string' } },
                },
              },
            },
          },
          responses: { '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Car' } } } } },
        },
      },
    },
    components: {
      schemas: {
        Car: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            category: { type: 'string', enum: ['classic', 'tuner'] },
            owner: { type: 'object', properties: { name: { type: 'string' } } },
          },
        },
      },
    },
  };
  change(d);
  return d;
}

describe('breakingChanges', () => {
  it('finds nothing between a document and itself, or when fields, values and operations are added', () => {
    expect(breakingChanges(doc(), doc())).toEqual([]);
    const grown = doc((d) => {
      d.components.schemas.Car.properties.color = { type: 'string' };
      d.components.schemas.Car.properties.category.enum.push('truck');
      d.paths['/cars'].delete = { responses: {} };
      d.paths['/cars'].post.requestBody.content['application/json'].schema.properties.year = { type: 'integer' };
    });
    expect(breakingChanges(doc(), grown)).toEqual([]);
  });

  it('reports a removed operation', () => {
    const after = doc((d) => delete d.paths['/cars'].post);
    expect(breakingChanges(doc(), after)).toEqual(['removed operation POST /cars']);
  });

  it('reports a removed response field, also deep inside a referenced schema', () => {
    const after = doc((d) => delete d.components.schemas.Car.properties.owner.properties.name);
    expect(breakingChanges(doc(), after)).toEqual([
      'removed GET /cars response 200 field [].owner.name',
      'removed POST /cars response 201 field owner.name',
    ]);
  });

  it('reports a removed enum value of a parameter and of a response field', () => {
    const after = doc((d) => {
      d.paths['/cars'].get.parameters[0].schema.enum = ['month'];
      d.components.schemas.Car.properties.category.enum = ['classic'];
    });
    expect(breakingChanges(doc(), after)).toEqual([
      'removed enum value "all" from GET /cars parameter query.period',
      'removed enum value "tuner" from GET /cars response 200 field [].category',
      'removed enum value "tuner" from POST /cars response 201 field category',
    ]);
  });

  it('reports a request field or a parameter that became required', () => {
    const after = doc((d) => {
      d.paths['/cars'].post.requestBody.content['application/json'].schema.required.push('story');
      d.paths['/cars'].get.parameters[0].required = true;
    });
    expect(breakingChanges(doc(), after)).toEqual([
      'newly required GET /cars parameter query.period',
      'newly required POST /cars request application/json field story',
    ]);
  });

  it('does not call a field required that only one alternative of anyOf requires, but does for allOf', () => {
    const requiring = (keyword: 'anyOf' | 'allOf') =>
      doc((d) => {
        d.paths['/cars'].post.requestBody.content['application/json'].schema[keyword] = [
          { required: ['story'] },
          { required: ['make'] },
        ];
      });
    expect(breakingChanges(doc(), requiring('anyOf'))).toEqual([]);
    expect(breakingChanges(doc(), requiring('allOf'))).toEqual([
      'newly required POST /cars request application/json field story',
    ]);
  });
});
