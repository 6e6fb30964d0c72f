/**
 * Helpers shared by the sandbox tests: calling the Fetch handler in-process, and raw `node:http`
 * requests for what Node's `fetch` cannot show (a 407 answer, a disconnect mid-stream).
 */
import { request as httpRequest } from 'node:http'
import type { Sandbox } from '../src/create-sandbox'
import { DEFAULT_CLIENT } from '../src/sandbox-options'

/** Base URL for in-process requests; the host is never contacted. */
export const BASE = 'http://sandbox.test'

/** Options of {@link call}. */
export interface CallOptions {
  token?: string
  /** JSON-encoded unless a string. */
  body?: unknown
  headers?: Record<string, string>
}

/** Calls `sandbox.fetch` with a JSON body (if any) and a bearer token (if any). */
export function call(sandbox: Sandbox, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {}
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (options.token) headers.authorization = `Bearer ${options.token}`
  Object.assign(headers, options.headers)
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
  return sandbox.fetch(new Request(`${BASE}${path}`, { method, headers, body }))
}

/** Posts the token request and returns the access token; throws unless the answer is 200. */
export async function getToken(sandbox: Sandbox, clientId = DEFAULT_CLIENT.clientId, clientSecret = DEFAULT_CLIENT.clientSecret): Promise<string> {
  const response = await tokenRequest(sandbox, { client_id: clientId, client_secret: clientSecret })
  if (response.status !== 200) throw new Error(`token request answered ${response.status}`)
  const body = (await response.json()) as { access_token: string }
  return body.access_token
}

/** Posts a form to the token endpoint. */
export function tokenRequest(sandbox: Sandbox, form: Record<string, string>, query = '?grant_type=client_credentials'): Promise<Response> {
  return sandbox.fetch(
    new Request(`${BASE}/oauth/client/accesstoken${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }),
  )
}

/** Creates a verification and returns its id and the code from the inbox. */
export async function startVerification(sandbox: Sandbox, token: string, body: Record<string, unknown>): Promise<{ id: string; code: string; response: Response }> {
  const response = await call(sandbox, 'POST', '/verify/v1/identity/verification', { token, body })
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`)
  const json = (await response.clone().json()) as { data: { verificationId: string } }
  const id = json.data.verificationId
  const message = sandbox.inbox.list().find((m) => m.verificationId === id)
  if (!message) throw new Error('no message in the inbox')
  return { id, code: message.code, response }
}

/** A code of the same length that differs from `code` in every digit. */
export function wrongCode(code: string): string {
  return code.replace(/\d/g, (d) => String((Number(d) + 1) % 10))
}

/** A raw HTTP answer. */
export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A request over `node:http`, which (unlike `fetch`) passes a 407 answer through. */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(options.body)
  })
}
