/**
 * Reading GoTrue request bodies: a JSON object (an empty body is an empty object), its string and
 * object fields; anything else is GoTrue's 400 `bad_json`, as Go's JSON decoder refuses it.
 */
import type { ApiRequest } from '../app.ts';
import { HttpError, readJson } from '../app.ts';
import { badRequest } from './errors.ts';
import { isObject, type Json } from './util.ts';

const badJson = (detail: string) => badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);

export async function readBody(req: ApiRequest): Promise<Json> {
  let value: unknown;
  try {
    value = await readJson(req, () => new HttpError(400, {}));
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) throw badJson('invalid character in JSON input');
    throw error;
  }
  if (value === null) return {};
  if (!isObject(value))
    throw badJson(`json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go value`);
  return value;
}

/** A string field ('' when absent or null). */
export function str(body: Json, key: string): string {
  const value = body[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string')
    throw badJson(`json: cannot unmarshal ${typeof value} into Go struct field .${key} of type string`);
  return value;
}

/** An object field (null when absent or null). */
export function obj(body: Json, key: string): Json | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  if (!isObject(value))
    throw badJson(
      `json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go struct field .${key} of type map[string]interface {}`,
    );
  return value;
}

export function bool(body: Json, key: string): boolean {
  const value = body[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean')
    throw badJson(`json: cannot unmarshal ${typeof value} into Go struct field .${key} of type bool`);
  return value;
}
