import { describe, expect, test } from 'vitest'
import { CliUsageError, parseCliOptions } from './parse-cli-options'

describe('parseCliOptions', () => {
  test('defaults: 127.0.0.1:4010 and the built-in client', () => {
    expect(parseCliOptions([], {})).toEqual({ help: false, host: '127.0.0.1', port: 4010 })
  })

  test('reads every flag, and ignores a leading "--" from pnpm', () => {
    const options = parseCliOptions(
      ['--', '--host', '0.0.0.0', '--port', '0', '--client-id', 'a', '--client-secret', 'sa', '--client-id=b', '--client-secret=sb', '--app-origin', 'https://example.com', '--code-length', '8'],
      {},
    )
    expect(options).toEqual({
      help: false,
      host: '0.0.0.0',
      port: 0,
      clients: [
        { clientId: 'a', clientSecret: 'sa' },
        { clientId: 'b', clientSecret: 'sb' },
      ],
      appOrigin: 'https://example.com',
      codeLength: 8,
    })
  })

  test('reads the environment, flags winning', () => {
    const env = {
      HAKIKI_SANDBOX_HOST: '::1',
      HAKIKI_SANDBOX_PORT: '5000',
      HAKIKI_SANDBOX_CLIENTS: 'id1:secret1, id2:sec:ret2',
      HAKIKI_SANDBOX_CLIENT_ID: 'id3',
      HAKIKI_SANDBOX_CLIENT_SECRET: 'secret3',
    }
    expect(parseCliOptions([], env)).toEqual({
      help: false,
      host: '::1',
      port: 5000,
      clients: [
        { clientId: 'id1', clientSecret: 'secret1' },
        { clientId: 'id2', clientSecret: 'sec:ret2' },
        { clientId: 'id3', clientSecret: 'secret3' },
      ],
    })
    const flagged = parseCliOptions(['--port', '6000', '--client-id', 'x', '--client-secret', 'y'], env)
    expect(flagged.port).toBe(6000)
    expect(flagged.clients).toEqual([{ clientId: 'x', clientSecret: 'y' }])
  })

  test.each([
    [['--prot', '1'], {}, /Unknown option '--prot'/],
    [['extra'], {}, /positional/],
    [['--port'], {}, /argument missing/],
    [['--port', '80a'], {}, /--port must be a port number/],
    [['--port', '70000'], {}, /--port must be a port number/],
    [[], { HAKIKI_SANDBOX_PORT: 'x' }, /HAKIKI_SANDBOX_PORT must be a port number/],
    [['--code-length', '3'], {}, /--code-length must be a whole number from 4 to 10/],
    [['--code-length', '11'], {}, /--code-length/],
    [['--app-origin', 'example.com'], {}, /--app-origin must be an http\(s\) origin/],
    [['--client-id', 'a'], {}, /one --client-secret per --client-id/],
    [['--client-id', 'a', '--client-secret', ''], {}, /must not be empty/],
    [['--client-id', 'a', '--client-secret', 's', '--client-id', 'a', '--client-secret', 't'], {}, /given twice/],
    [[], { HAKIKI_SANDBOX_CLIENTS: 'nocolon' }, /HAKIKI_SANDBOX_CLIENTS must look like/],
    [[], { HAKIKI_SANDBOX_CLIENT_ID: 'only-id' }, /both HAKIKI_SANDBOX_CLIENT_ID and HAKIKI_SANDBOX_CLIENT_SECRET/],
    [['--host', ''], {}, /--host must not be empty/],
  ])('%j with %j is a usage error', (argv, env, message) => {
    let error: unknown
    try {
      parseCliOptions(argv, env)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(CliUsageError)
    expect((error as CliUsageError).code).toBe('usage')
    expect((error as Error).message).toMatch(message)
  })

  test('-h asks for help', () => {
    expect(parseCliOptions(['-h'], {}).help).toBe(true)
  })
})
