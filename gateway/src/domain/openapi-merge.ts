import { isDeepStrictEqual } from 'node:util';
import { type ServiceName, serviceForPath } from './route-table.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface ServiceDocument {
  service: ServiceName;
  document: unknown;
}

export interface MergedOpenApi extends JsonObject {
  openapi: string;
  info: JsonObject;
  paths: { [path: string]: Json };
  components: { [section: string]: Json };
}

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Merges the services' OpenAPI documents into the one the gateway publishes.
 * - A path is kept only if the gateway routes it to the service that documents it, so the docs never
 *   show a call that would 404 through the gateway.
 * - A component that two services define differently is renamed `<Service><Name>` in the later
 *   service's document (its `$ref`s and security requirements follow); identical ones are shared.
 * - Services that could not be read are named in `info.description` and `x-innerview-missing`.
 */
export function mergeOpenApi(parts: ServiceDocument[], missing: ServiceName[] = []): MergedOpenApi {
  const paths: MergedOpenApi['paths'] = {};
  const components: Record<string, JsonObject> = {};
  const tags = new Map<string, Json>();
  let security: Json | undefined;

  for (const { service, document } of parts) {
    if (!isObject(document)) continue;
    const renamed = renameConflicts(service, document, components);
    for (const [section, entries] of Object.entries(isObject(renamed.components) ? renamed.components : {})) {
      if (!isObject(entries)) continue;
      components[section] ??= {};
      Object.assign(components[section], entries);
    }
    for (const [path, item] of Object.entries(isObject(renamed.paths) ? renamed.paths : {})) {
      if (serviceForPath(path) !== service || !isObject(item)) continue;
      // Two services documenting the same path is a routing bug; the owner's (first) entries win.
      paths[path] = { ...item, ...(isObject(paths[path]) ? paths[path] : {}) };
    }
    for (const tag of Array.isArray(renamed.tags) ? renamed.tags : []) {
      if (isObject(tag) && typeof tag.name === 'string' && !tags.has(tag.name)) tags.set(tag.name, tag);
    }
    if (security === undefined && Array.isArray(renamed.security)) security = renamed.security;
  }

  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  const description =
    missing.length === 0
      ? 'Every public call of Innerview, merged from the services behind the gateway.'
      : `Every public call of Innerview, merged from the services behind the gateway. Not available right now: ${missing.join(', ')}.`;
  const merged: MergedOpenApi = {
    openapi: '3.1.0',
    info: { title: 'Innerview API', version: '1.0.0', description },
    paths: sortedPaths,
    components,
  };
  if (tags.size > 0) merged.tags = [...tags.values()];
  if (security !== undefined) merged.security = security;
  if (missing.length > 0) merged['x-innerview-missing'] = missing;
  return merged;
}

/** The document with its conflicting component names replaced, references included. */
function renameConflicts(
  service: ServiceName,
  document: JsonObject,
  merged: Record<string, JsonObject>,
): JsonObject {
  const refRenames = new Map<string, string>();
  const schemeRenames = new Map<string, string>();
  const sections = isObject(document.components) ? document.components : {};
  const renamedSections: JsonObject = {};
  for (const [section, entries] of Object.entries(sections)) {
    if (!isObject(entries)) continue;
    const out: JsonObject = {};
    for (const [name, value] of Object.entries(entries)) {
      const existing = merged[section]?.[name];
      if (existing === undefined || isDeepStrictEqual(existing, value)) {
        out[name] = value;
        continue;
      }
      const newName = `${capitalised(service)}${capitalised(name)}`;
      out[newName] = value;
      refRenames.set(`#/components/${section}/${name}`, `#/components/${section}/${newName}`);
      if (section === 'securitySchemes') schemeRenames.set(name, newName);
    }
    renamedSections[section] = out;
  }
  const rewritten = rewrite({ ...document, components: renamedSections }, refRenames, schemeRenames);
  return isObject(rewritten) ? rewritten : {};
}

function rewrite(value: Json, refs: Map<string, string>, schemes: Map<string, string>, key?: string): Json {
  if (refs.size === 0 && schemes.size === 0) return value;
  if (Array.isArray(value)) {
    if (key === 'security' && schemes.size > 0) {
      return value.map((requirement) =>
        isObject(requirement)
          ? Object.fromEntries(
              Object.entries(requirement).map(([name, scopes]) => [schemes.get(name) ?? name, scopes]),
            )
          : requirement,
      );
    }
    return value.map((item) => rewrite(item, refs, schemes));
  }
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === '$ref' && typeof v === 'string' ? (refs.get(v) ?? v) : rewrite(v, refs, schemes, k);
    }
    return out;
  }
  return value;
}
