import { describe, expect, it } from 'vitest';
import { mergeOpenApi } from './openapi-merge.ts';

const errorBody = { type: 'object', properties: { detail: { type: 'string' }, code: { type: 'string' } } };
const bearer = { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' };

function doc(paths: object, schemas: object = {}, extra: object = {}) {
  return {
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
    paths,
    components: { schemas, securitySchemes: { bearer } },
    ...extra,
  };
}

describe('mergeOpenApi', () => {
  it('keeps every service path and shares identical components', () => {
    const merged = mergeOpenApi([
      {
        service: 'auth',
        document: doc(
          { '/api/v1/users/me': { get: { responses: { 401: { $ref: '#/components/schemas/ErrorBody' } } } } },
          { ErrorBody: errorBody, User: { type: 'object' } },
        ),
      },
      {
        service: 'chat',
        document: doc(
          { '/api/v1/chat-sessions/{id}': { delete: { responses: {} } } },
          { ErrorBody: errorBody },
        ),
      },
    ]);
    expect(Object.keys(merged.paths)).toEqual(['/api/v1/chat-sessions/{id}', '/api/v1/users/me']);
    expect(merged.components.schemas).toEqual({ ErrorBody: errorBody, User: { type: 'object' } });
    expect(merged.components.securitySchemes).toEqual({ bearer });
    expect(merged.openapi).toBe('3.1.0');
    expect(merged['x-innerview-missing']).toBeUndefined();
  });

  it('renames a conflicting component and the references to it', () => {
    const merged = mergeOpenApi([
      { service: 'auth', document: doc({}, { Session: { type: 'string' } }) },
      {
        service: 'chat',
        document: doc(
          {
            '/api/v1/chat-sessions/': {
              get: {
                responses: {
                  200: {
                    content: { 'application/json': { schema: { $ref: '#/components/schemas/Session' } } },
                  },
                },
              },
            },
          },
          { Session: { type: 'object' } },
        ),
      },
    ]);
    expect(merged.components.schemas).toEqual({
      Session: { type: 'string' },
      ChatSession: { type: 'object' },
    });
    expect(JSON.stringify(merged.paths)).toContain('#/components/schemas/ChatSession');
    expect(JSON.stringify(merged.paths)).not.toContain('#/components/schemas/Session"');
  });

  it('renames a conflicting security scheme inside security requirements', () => {
    const merged = mergeOpenApi([
      { service: 'auth', document: doc({}) },
      {
        service: 'billing',
        document: {
          paths: { '/api/v1/webhooks/stripe': { post: { security: [{ bearer: [] }], responses: {} } } },
          components: {
            securitySchemes: { bearer: { type: 'apiKey', in: 'header', name: 'stripe-signature' } },
          },
        },
      },
    ]);
    expect(Object.keys(merged.components.securitySchemes as object)).toEqual(['bearer', 'BillingBearer']);
    expect(merged.paths['/api/v1/webhooks/stripe']).toEqual({
      post: { security: [{ BillingBearer: [] }], responses: {} },
    });
  });

  it('drops paths the gateway would not route to the documenting service', () => {
    const merged = mergeOpenApi([
      {
        service: 'files',
        document: doc({
          '/api/v1/files/upload': { post: {} },
          '/api/v1/users/me': { get: {} },
          '/readyz': { get: {} },
        }),
      },
    ]);
    expect(Object.keys(merged.paths)).toEqual(['/api/v1/files/upload']);
  });

  it('names the services that could not be read and survives garbage documents', () => {
    const merged = mergeOpenApi(
      [
        { service: 'auth', document: 'not a document' },
        { service: 'billing', document: { paths: [], components: null } },
      ],
      ['chat', 'files'],
    );
    expect(merged.paths).toEqual({});
    expect(merged['x-innerview-missing']).toEqual(['chat', 'files']);
    expect(merged.info.description).toContain('chat, files');
  });
});
