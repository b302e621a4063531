import express from 'express';
import { badRequest } from './errors';

/**
 * Request bodies are read as raw bytes and decoded here rather than by express.json /
 * express.urlencoded: those replace invalid UTF-8 with U+FFFD silently, and a judge must refuse a
 * binary source instead of compiling mojibake.
 */

/** Bodies above this are refused with 413 before parsing; the source limit itself is lower. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const rawBody = express.raw({ type: () => true, limit: MAX_BODY_BYTES });

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of UTF-8 bytes, or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

function bodyBytes(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}

/** A JSON request body, parsed; a sentence-bearing 400 when it is empty, not UTF-8 or not JSON. */
export function parseJsonBody(body: unknown): unknown {
  const bytes = bodyBytes(body);
  if (bytes.length === 0) throw badRequest('The request body is empty; send a JSON object.');
  const text = decodeUtf8(bytes);
  if (text === null) throw badRequest('The request body is not valid UTF-8 text.');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badRequest(`The request body is not valid JSON (${(e as Error).message}).`);
  }
}

/** The fields of a browser form post (urlencoded or multipart); an uploaded file arrives as its text. */
export interface FormFields {
  fields: Map<string, string>;
  /** Text of uploaded files by field name; only non-empty uploads. */
  files: Map<string, string>;
}

export async function parseFormBody(contentType: string | undefined, body: unknown): Promise<FormFields> {
  const bytes = bodyBytes(body);
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded' || (type === '' && bytes.length === 0)) return parseUrlEncoded(bytes);
  if (type === 'multipart/form-data') return parseMultipart(contentType!, bytes);
  throw badRequest('Send the form as application/x-www-form-urlencoded or multipart/form-data.');
}

function parseUrlEncoded(bytes: Buffer): FormFields {
  const text = decodeUtf8(bytes);
  if (text === null) throw badRequest('The form data is not valid UTF-8 text.');
  const fields = new Map<string, string>();
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const name = decodeFormComponent(eq < 0 ? pair : pair.slice(0, eq));
    const value = decodeFormComponent(eq < 0 ? '' : pair.slice(eq + 1));
    if (!fields.has(name)) fields.set(name, value);
  }
  return { fields, files: new Map() };
}

function decodeFormComponent(s: string): string {
  try {
    // decodeURIComponent throws on percent-escapes that are not UTF-8, which is what we want.
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw badRequest('The form data is not valid UTF-8 text (bad percent-encoding).');
  }
}

async function parseMultipart(contentType: string, bytes: Buffer): Promise<FormFields> {
  // Every part of our form is text (the code field and a source file), so the whole body must be
  // UTF-8; checking it here catches binary uploads and mangled fields alike.
  if (decodeUtf8(bytes) === null) throw badRequest('The submitted source is not UTF-8 text (is it a binary file?).');
  let form: FormData;
  try {
    form = await new Request('http://form.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) }).formData();
  } catch {
    throw badRequest('The multipart form data is malformed.');
  }
  const fields = new Map<string, string>();
  const files = new Map<string, string>();
  const entries: [string, FormDataEntryValue][] = [];
  form.forEach((value, name) => entries.push([name, value]));
  for (const [name, value] of entries) {
    if (typeof value === 'string') {
      if (!fields.has(name)) fields.set(name, value);
    } else if (value.size > 0 && !files.has(name)) {
      const text = decodeUtf8(new Uint8Array(await value.arrayBuffer()));
      if (text === null) throw badRequest(`The uploaded file "${value.name}" is not UTF-8 text.`);
      files.set(name, text);
    }
  }
  return { fields, files };
}
