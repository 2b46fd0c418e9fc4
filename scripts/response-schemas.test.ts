// The api-client's table of which contract schema each call is answered with (its `fakeApi` checks
// the front ends' fake bodies against it) must say what the services' route definitions say. Read
// here from the OpenAPI document the gateway publishes, merged from each service's own document; the
// routes are only described, so no service is started and no database is needed.
import { isDeepStrictEqual } from 'node:util';
import { RESPONSE_SCHEMAS } from '@innerview/api-client/testing/response-schemas';
import { MessageResponse, SettingsResponse } from '@innerview/contracts/auth';
import { Goal } from '@innerview/contracts/goals';
import { buildOpenApiDocument, type RouteDefinition } from '@innerview/kit';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isObject, type Json, type JsonObject, mergeOpenApi } from '../gateway/src/domain/openapi-merge.ts';
import { API_PREFIX, type ServiceName, serviceNames } from '../gateway/src/domain/route-table.ts';
import { routes as authRoutes } from '../services/auth/src/routes/index.ts';
import { routes as billingRoutes } from '../services/billing/src/routes/index.ts';
import { routes as chatRoutes } from '../services/chat/src/routes/index.ts';
import { routes as filesRoutes } from '../services/files/src/routes/index.ts';
import type { NotificationsConfig } from '../services/notifications/src/config.ts';
import { routes as notificationsRoutes } from '../services/notifications/src/routes/index.ts';
import { routes as questionnaireRoutes } from '../services/questionnaire/src/routes/index.ts';

type Entry = (typeof RESPONSE_SCHEMAS)[number];

/**
 * A context a route definition keeps for its handler; none is called here, so nothing but `known`
 * (what a service reads to choose its routes) may be read.
 */
function unread<T>(what: string, known: Record<string, unknown> = {}): T {
  const get = (target: Record<string, unknown>, key: string | symbol) => {
    if (typeof key === 'string' && Object.hasOwn(target, key)) return target[key];
    throw new Error(`${what}.${String(key)} was read while only describing the routes`);
  };
  return new Proxy(known, { get }) as T;
}

// Billing and notifications as in production: Stripe, not the embedded mode's local checkout page
// (an HTML page built from the config), and no dev mailbox or push service.
const routesOf: Record<ServiceName, RouteDefinition[]> = {
  auth: authRoutes(unread('auth')),
  billing: billingRoutes({ billing: unread('billing'), local: undefined, verifyStripeWebhook: () => null }),
  chat: chatRoutes(unread('chat')),
  questionnaire: questionnaireRoutes(unread('questionnaire')),
  files: filesRoutes(unread('files')),
  notifications: notificationsRoutes({
    service: unread('notifications', {
      config: { NODE_ENV: 'production', MAIL_TRANSPORT: 'smtp' } as NotificationsConfig,
    }),
    push: unread('push'),
  } as Parameters<typeof notificationsRoutes>[0]),
};

const published = mergeOpenApi(
  serviceNames.map((service) => ({ service, document: buildOpenApiDocument(service, routesOf[service]) })),
);

/** The schema with every `$ref` replaced by what it names, so renamed components compare equal. */
function resolved(document: JsonObject, schema: Json, seen: string[] = []): Json {
  if (Array.isArray(schema)) return schema.map((item) => resolved(document, item, seen));
  if (!isObject(schema)) return schema;
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) return { recursive: ref.split('/').pop() ?? ref };
    const [, , section, name] = ref.split('/');
    const components = document.components as JsonObject;
    const target = (components[section!] as JsonObject | undefined)?.[name!];
    if (target === undefined) throw new Error(`${ref} is not in the document`);
    return resolved(document, target, [...seen, ref]);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, resolved(document, value, seen)]),
  );
}

/** A component's name, or an inline object's fields: enough to tell which schema is meant. */
function nameOf(schema: Json): string {
  if (isObject(schema) && typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? schema.$ref;
  if (isObject(schema) && isObject(schema.properties))
    return `{${Object.keys(schema.properties).join(', ')}}`;
  return 'an inline schema';
}

/** The JSON bodies of an operation's 2xx answers, as the document declares them. */
function successSchemas(operation: JsonObject): Json[] {
  return Object.entries(operation.responses as JsonObject)
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, response]) => ((response as JsonObject).content as JsonObject | undefined)?.['application/json'])
    .filter(isObject)
    .map((media) => media.schema as Json);
}

/** What the kit's generator makes of the table's schema, as the body of a 200: as written, resolved. */
function expectedSchema(schema: z.ZodType): { written: Json; resolved: Json } {
  const route: RouteDefinition = {
    method: 'get',
    path: '/expected',
    summary: 'The table entry',
    responses: { 200: { description: 'Success', schema } },
    handler: () => undefined,
  };
  const document = buildOpenApiDocument('expected', [route]) as JsonObject;
  const operation = ((document.paths as JsonObject)['/expected'] as JsonObject).get as JsonObject;
  const written = successSchemas(operation)[0]!;
  return { written, resolved: resolved(document, written) };
}

/** A concrete path for a documented one: each `{param}` by its first allowed value, or `x`. */
function samplePath(path: string, operation: JsonObject): string {
  const params = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : [];
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const schema = params.find((p) => p.in === 'path' && p.name === name)?.schema;
    const allowed = isObject(schema) && Array.isArray(schema.enum) ? schema.enum[0] : undefined;
    return typeof allowed === 'string' ? allowed : 'x';
  });
}

/**
 * The published operations a table entry stands for: a string path is the documented path it is
 * (or, when none is literally it, the template it fills); a pattern covers every documented path
 * whose sample it matches, and all of them must answer with its schema.
 */
function operationsOf([method, path]: Entry): Array<{ path: string; operation: JsonObject }> {
  const all = Object.entries(published.paths).flatMap(([documented, item]) => {
    const operation = isObject(item) ? item[method.toLowerCase()] : undefined;
    if (!documented.startsWith(`${API_PREFIX}/`) || !isObject(operation)) return [];
    return [{ path: documented.slice(API_PREFIX.length), operation }];
  });
  if (path instanceof RegExp) return all.filter((o) => path.test(samplePath(o.path, o.operation)));
  const literal = all.filter((o) => o.path === path);
  if (literal.length > 0) return literal;
  return all.filter((o) => new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
}

/** Why the entry disagrees with the services, or undefined when it does not. */
function drift(entry: Entry): string | undefined {
  const [method, path, schema] = entry;
  const operations = operationsOf(entry);
  if (operations.length === 0) return `no service declares ${method} ${path}`;
  const expected = expectedSchema(schema);
  for (const { path: documented, operation } of operations) {
    const answers = successSchemas(operation);
    if (answers.some((answer) => isDeepStrictEqual(resolved(published, answer), expected.resolved))) continue;
    const names = answers.map(nameOf).join(', ') || 'no JSON body';
    return `${method} ${documented} answers with ${names}, not ${nameOf(expected.written)}`;
  }
  return undefined;
}

describe("the api-client's response schemas", () => {
  it.each(RESPONSE_SCHEMAS.map((entry) => [`${entry[0]} ${entry[1]}`, entry] as const))(
    '%s is answered with the schema the table names',
    (_, entry) => {
      expect(drift(entry)).toBeUndefined();
    },
  );

  it('would catch a wrong schema, a wrong method and a call no service has', () => {
    expect(drift(['GET', '/users/me', SettingsResponse])).toBe(
      'GET /users/me answers with CurrentUser, not Settings',
    );
    // Goal and GoalSettings are no components: compared as the JSON Schema they make.
    expect(drift(['GET', '/goals/settings', Goal])).toMatch(
      /^GET \/goals\/settings answers with \{weekly_reflection\}, not \{id, /,
    );
    expect(drift(['GET', /^\/subscriptions\/(local|stripe)-prices$/, MessageResponse])).toBe(
      'GET /subscriptions/local-prices answers with PlanPrices, not MessageResponse',
    );
    expect(drift(['DELETE', '/settings/options', SettingsResponse])).toBe(
      'no service declares DELETE /settings/options',
    );
    expect(drift(['GET', '/users/nobody/anything', MessageResponse])).toBe(
      'no service declares GET /users/nobody/anything',
    );
  });
});
