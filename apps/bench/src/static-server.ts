import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A file served by {@link serveStatic}. */
export interface StaticFile {
  type: string
  body: Uint8Array | string
}

/**
 * Serves fixed files from memory on 127.0.0.1 (free port). A dozen lines of `node:http` rather
 * than a static-file package: the files are built in memory and never touch the disk.
 */
export async function serveStatic(files: ReadonlyMap<string, StaticFile>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const file = files.get(new URL(req.url ?? '/', 'http://localhost').pathname)
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
