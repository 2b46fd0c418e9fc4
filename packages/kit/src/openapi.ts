import { ErrorBody } from '@innerview/contracts';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { createDocument } from 'zod-openapi';
import type { RouteDefinition } from './route.ts';

/** `/api/v1/chat-sessions/:id` → `/api/v1/chat-sessions/{id}` */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The service's OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export function buildOpenApiDocument(service: string, routes: RouteDefinition[]): object {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    const responses: Record<string, ZodOpenApiResponseObject> = {};
    for (const [status, spec] of Object.entries(route.responses ?? {})) {
      responses[status] = spec.schema
        ? {
            description: spec.description,
            content: { [spec.contentType ?? 'application/json']: { schema: spec.schema } },
          }
        : { description: spec.description };
    }
    if (!route.responses?.[route.status ?? 200])
      responses[String(route.status ?? 200)] ??= { description: 'Success' };
    const errors = (route.auth ?? 'user') === 'user' ? ['401', '422'] : ['422'];
    for (const status of errors) {
      responses[status] ??= { description: 'Error', content: { 'application/json': { schema: ErrorBody } } };
    }
    const operation: ZodOpenApiOperationObject = {
      summary: route.summary,
      tags: route.tags ?? [service],
      responses: responses as ZodOpenApiOperationObject['responses'],
    };
    if (route.params || route.query) {
      operation.requestParams = {
        ...(route.params ? { path: route.params as never } : {}),
        ...(route.query ? { query: route.query as never } : {}),
      };
    }
    if (route.body && route.bodyType !== 'raw') {
      const type = route.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      operation.requestBody = { content: { [type]: { schema: route.body } } };
    }
    if ((route.auth ?? 'user') === 'user') operation.security = [{ bearer: [] }];
    paths[path] = { ...paths[path], [route.method]: operation };
  }
  return createDocument({
    openapi: '3.1.0',
    info: { title: `Innerview ${service} service`, version: '1.0.0' },
    paths,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  });
}
