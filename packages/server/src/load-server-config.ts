/** Reads and validates a configuration file (JSON). */
import { readFile } from 'node:fs/promises'
import { parseServerConfig, ServerConfigError, type ServerConfig } from './server-config'

/**
 * Reads `path` as JSON and validates it, reading secrets from `env`.
 * @throws ServerConfigError naming the file's bad fields, or that it is not JSON.
 */
export async function loadServerConfig(path: string, env: Readonly<Record<string, string | undefined>> = process.env): Promise<ServerConfig> {
  const text = await readFile(path, 'utf8')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new ServerConfigError([`${path}: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`])
  }
  return parseServerConfig(parsed, env)
}
