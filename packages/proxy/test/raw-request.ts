/** A raw HTTP request, so a test controls the request target and headers (Host included) byte for byte. */
import { request as httpRequest } from 'node:http'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

export function raw(url: string, options: { method: string; path: string; headers: Record<string, string>; body?: string | Buffer }): Promise<RawResponse> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method: options.method, path: options.path, headers: options.headers, setHost: !('host' in options.headers) }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}
